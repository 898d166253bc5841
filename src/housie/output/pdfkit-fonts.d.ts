// pdfkit ships its standard fonts' metrics as data modules without type declarations.
declare module "pdfkit/standard-fonts/*" {
  const font: object;
  export default font;
}
