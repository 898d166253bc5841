// The bundle check's page: imports only tabula-grids/housie and tabula-grids/tours, as a user would.
import { ready as housieReady, generateBooks, validateBook } from "tabula-grids/housie";
import { ready as toursReady, generateTour, validateTour, sampleTourUniform, KNIGHT } from "tabula-grids/tours";

await Promise.all([housieReady(), toursReady()]);
const books = generateBooks(10, { seed: 2024n });
const tour = generateTour({ size: 50, closed: true });
const report = {
  books: books.length,
  booksValid: books.every((book) => validateBook(book).length === 0),
  firstTicket: books[0]!.tickets[0],
  tour: validateTour(tour, 50),
  // A uniform closed knight's tour of 6×6 from the frontier layers (pure TS): Node's for the same seed.
  uniform: Array.from(sampleTourUniform({ rows: 6, cols: 6, moves: KNIGHT, closed: true, seed: 7 })),
};
(globalThis as unknown as { document: { title: string; body: { textContent: string } } }).document.body.textContent = JSON.stringify(report);
(globalThis as unknown as { document: { title: string } }).document.title = "done";
