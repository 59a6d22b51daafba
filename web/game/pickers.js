// The size and wrap pickers: they show the game's shape, and a choice asks for a new
// board of that shape through `newShape(width, height, wrapText)`.

import { BIG_BOARD, MAX_SIDE, MIN_SIDE } from "../generated/shared.js";
import { formatWrap, parseWrap } from "./rules.js";
import { t } from "../languages/i18n.js";

const SIZES = [
  "3x3",
  "4x4",
  "5x5",
  "6x6",
  "7x7",
  "8x8",
  "10x10",
  "15x15",
  "20x20",
  "30x30",
  "2x3",
  "3x4",
  "4x3",
  "3x5",
  "4x5",
  "5x4",
  "5x6",
  "6x5",
  "8x4",
  "16x9",
];
const CUSTOM = "custom";
// Wrap presets by the picker's value: the wrap text, and the size a preset brings with it.
const WRAPS = {
  "": { wrap: "" },
  all: { wrap: "all" },
  "seed-004": { size: [5, 5], wrap: "r2,c2" },
};

/** The wrap preset a topology matches ("" for none, "all", "seed-004"), or "custom". */
export function wrapPreset({ width, height, wrapRows, wrapCols }) {
  const wraps = formatWrap(wrapRows, wrapCols);
  for (const [name, preset] of Object.entries(WRAPS)) {
    const [w, h] = preset.size || [width, height];
    if (w !== width || h !== height) continue;
    try {
      if (formatWrap(...parseWrap(preset.wrap, w, h)) === wraps) return name;
    } catch {
      // the preset does not fit this size (a torus of a 2-wide board)
    }
  }
  return CUSTOM;
}

export class Pickers {
  /**
   * @param {import("./element.js").Finder} $
   * @param {{game, newShape: (w: number, h: number, wrapText: string) => void}} o
   */
  constructor($, { game, newShape }) {
    this.$ = $;
    this.game = game;
    this.newShape = newShape;
    for (const size of SIZES) $("size", HTMLSelectElement).add(new Option(size.replace("x", " × "), size));
    const other = new Option(t("size.other"), CUSTOM);
    other.dataset.i18n = "size.other"; // i18n.translate words it again when the language changes
    $("size", HTMLSelectElement).add(other);
    $("size").addEventListener("change", () => this.size());
    $("wrap-preset").addEventListener("change", () => this.wrap());
    $("size-apply").addEventListener("click", () => this.customSize());
    for (const id of ["width", "height"]) {
      Object.assign($(id), { min: MIN_SIDE, max: MAX_SIDE });
      $(id).addEventListener("keydown", (event) => {
        if (event.key === "Enter") this.customSize();
      });
    }
  }

  /** Show the game's size and wraps. */
  sync() {
    const $ = this.$;
    const topo = this.game.topo;
    const { width, height } = topo;
    const size = `${width}x${height}`;
    const listed = [...$("size", HTMLSelectElement).options].some((o) => o.value === size);
    $("size", HTMLSelectElement).value = listed ? size : CUSTOM;
    $("custom-size").hidden = listed;
    $("width", HTMLInputElement).value = String(width);
    $("height", HTMLInputElement).value = String(height);
    const preset = wrapPreset(topo);
    $("wrap-preset", HTMLSelectElement).value = preset;
    const wrap = formatWrap(topo.wrapRows, topo.wrapCols, width, height);
    $("size-label").textContent = wrap ? t("size.wraps", { wraps: preset === "all" ? t("size.torus") : wrap }) : "";
    // on <html>, where first_paint.js sets it for a link's board before the first paint
    document.documentElement.classList.toggle("big-board", Math.max(width, height) > BIG_BOARD);
  }

  /** The wrap text to keep when the size changes: a torus stays a torus, others go. */
  keptWrap() {
    return wrapPreset(this.game.topo) === "all" ? "all" : "";
  }

  size() {
    const value = this.$("size", HTMLSelectElement).value;
    if (value === CUSTOM) {
      this.$("custom-size").hidden = false;
      this.$("width").focus();
      return;
    }
    this.$("custom-size").hidden = true;
    const [w, h] = value.split("x").map(Number);
    this.newShape(w, h, this.keptWrap());
  }

  customSize() {
    const clamp = (v) => Math.min(MAX_SIDE, Math.max(MIN_SIDE, Math.round(Number(v)) || MIN_SIDE));
    this.newShape(
      clamp(this.$("width", HTMLInputElement).value),
      clamp(this.$("height", HTMLInputElement).value),
      this.keptWrap(),
    );
  }

  wrap() {
    const preset = WRAPS[this.$("wrap-preset", HTMLSelectElement).value];
    if (!preset) return;
    const [w, h] = preset.size || [this.game.topo.width, this.game.topo.height];
    this.newShape(w, h, preset.wrap);
  }
}
