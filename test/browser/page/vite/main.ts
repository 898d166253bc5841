// The Vite check's page: tabula-grids/tours only; Vite must ship tours.wasm as an asset.
import { ready, generateTour, validateTour } from "tabula-grids/tours";

await ready();
const page = (globalThis as unknown as { document: { title: string; body: { textContent: string } } }).document;
page.body.textContent = JSON.stringify(validateTour(generateTour({ size: 30, seed: 5 }), 30));
page.title = "done";
