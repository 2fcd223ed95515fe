// Money as the house counts it: every amount the server sends or takes is a whole number of the
// smallest unit of the house's one currency (``HubSettings.decimals``: 2, avos). The pages show
// and take amounts in the currency itself ("12,345.67"), converting exactly by integer and string
// arithmetic (BigInt), never by float rounding. No DOM here: the functions take the decimals.

/** the most units an amount typed on a page may hold (a JavaScript number is exact below it) */
export const MAX_UNITS = Number.MAX_SAFE_INTEGER;

function group(digits) {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
}

function toBig(amount) {
  if (typeof amount === "bigint") return amount;
  if (typeof amount === "number" && Number.isSafeInteger(amount)) return BigInt(amount);
  if (typeof amount === "string" && /^-?\d+$/.test(amount)) return BigInt(amount);
  return null;
}

/**
 * ``amount`` units of a currency of ``decimals`` decimals, grouped: 1234567 at 2 -> "12,345.67",
 * -5 -> "−0.05" (a minus sign), at 0 -> "1,234,567". ``sign``: "+" before a positive amount.
 * Anything that is not a whole number of units is shown as it is.
 */
export function formatMoney(amount, decimals = 0, { sign = false } = {}) {
  const value = toBig(amount);
  if (value === null) return typeof amount === "number" ? String(amount) : String(amount ?? "");
  const places = Number.isInteger(decimals) && decimals > 0 ? decimals : 0;
  const negative = value < 0n;
  const digits = (negative ? -value : value).toString().padStart(places + 1, "0");
  const whole = group(digits.slice(0, digits.length - places));
  const text = places ? `${whole}.${digits.slice(digits.length - places)}` : whole;
  if (negative) return `−${text}`;
  return sign && value > 0n ? `+${text}` : text;
}

/**
 * The whole number of units of an amount typed in the currency: "100", "100.5", "100.50",
 * "1,000.25" (commas grouping by three), a leading "+" or "-" refused. Returns ``{value}`` or
 * ``{error}`` naming what was typed: not an amount, or more decimals than the currency has.
 */
export function parseMoney(text, decimals = 0) {
  const typed = String(text ?? "").trim();
  const places = Number.isInteger(decimals) && decimals > 0 ? decimals : 0;
  if (!typed) return { error: "no amount was typed" };
  const match = /^(\d+|\d{1,3}(?:,\d{3})+)(?:\.(\d+))?$/.exec(typed);
  if (!match) return { error: `“${typed}” is not an amount` };
  const fraction = match[2] ?? "";
  if (fraction.length > places) {
    const most = places ? `at most ${places} decimal${places === 1 ? "" : "s"}` : "no decimals";
    return { error: `“${typed}” has more decimals than the currency: ${most}` };
  }
  const units = BigInt(match[1].replaceAll(",", "")) * 10n ** BigInt(places) + BigInt(fraction.padEnd(places, "0") || "0");
  if (units > BigInt(MAX_UNITS)) return { error: `“${typed}” is too large an amount` };
  return { value: Number(units) };
}
