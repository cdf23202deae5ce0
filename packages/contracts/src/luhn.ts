/** Luhn check digit (ISO/IEC 7812-1 annex B) of a string of digits. */
export function luhnDigit(body: string): string {
  let sum = 0;
  for (let i = 0; i < body.length; i++) {
    // Doubling starts from the rightmost digit of the body (the check digit will sit to its right).
    let d = Number(body[body.length - 1 - i]);
    if (i % 2 === 0) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return String((10 - (sum % 10)) % 10);
}
