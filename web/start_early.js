// The solver's worker first: loading Python takes seconds, the page's own modules can wait
// (index.html loads this module with async, before main.js).
import { startEarly } from "./solver/solver.js";

startEarly();
