// TypeDoc plugin: name each guide in the site by its first heading, up to a colon and
// without a closing parenthesis ("Housie: UK 90-ball …" → "Housie", "Counts split across
// machines (`--shard i/k`, …)" → "Counts split across machines") instead of by its file
// name ("docs_housie"), so the guides stay plain Markdown, without front matter, and read
// the same on the repository.
import { Converter } from "typedoc";

export function load(app) {
  app.converter.on(Converter.EVENT_CREATE_DOCUMENT, (_context, doc) => {
    const heading = /^#\s+(.+)$/m.exec(doc.content.map((part) => part.text).join(""));
    if (heading)
      doc.name = heading[1]
        .replace(/`/g, "")
        .split(":")[0]
        .replace(/\s*\(.*\)\s*$/, "")
        .trim();
  });
}
