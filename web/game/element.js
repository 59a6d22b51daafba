// The page's elements by id, typed for TypeScript's checker: `$("speed")` is an HTMLElement,
// `$("speed", HTMLInputElement)` an input.  An element the page lacks, or one of another
// kind, is an error that names it, where it is looked up, not a null read later.

/**
 * A finder of elements by id (main.js's `$`, the lab's, a test's fake).
 * @typedef {<T extends HTMLElement = HTMLElement>(id: string, kind?: new () => T) => T} Finder
 */

/**
 * The element of this id under root (the document, or a part of the page), of this kind.
 * @template {HTMLElement} [T=HTMLElement]
 * @param {Document | HTMLElement} root  @param {string} id  @param {new () => T} [kind]  default HTMLElement
 * @returns {T}
 */
export function element(root, id, kind) {
  const found = "getElementById" in root ? root.getElementById(id) : root.querySelector(`#${id}`);
  if (!found) throw new Error(`the page has no element #${id}`);
  const wanted = kind ?? HTMLElement;
  if (!(found instanceof wanted)) throw new Error(`#${id} is a <${found.tagName.toLowerCase()}>, not a ${wanted.name}`);
  return /** @type {T} */ (found); // an instance of kind, or an HTMLElement when no kind is given (T's default)
}

/** A Finder of the elements under root.  @param {Document | HTMLElement} root  @returns {Finder} */
export const finder = (root) => (id, kind) => element(root, id, kind);
