// Small statistics for the insights: rounding, shares, and an OLS slope with its Student-t interval and p-value.

export const round = (x: number, digits: number): number => {
  const f = 10 ** digits;
  return Math.round(x * f) / f || 0;
};

export function share(part: number, whole: number): number {
  return whole > 0 ? round(part / whole, 3) : 0;
}

export type Slope = { n: number; slope: number; ci95: [number, number]; pValue: number };

/** Least-squares slope of y on x with a two-sided 95% interval; null when n < 3 or x does not vary. */
export function olsSlope(xs: ArrayLike<number>, ys: ArrayLike<number>): Slope | null {
  const n = xs.length;
  if (n < 3) return null;
  let mx = 0;
  let my = 0;
  for (let i = 0; i < n; i++) {
    mx += xs[i]!;
    my += ys[i]!;
  }
  mx /= n;
  my /= n;
  let sxx = 0;
  let sxy = 0;
  for (let i = 0; i < n; i++) {
    const dx = xs[i]! - mx;
    sxx += dx * dx;
    sxy += dx * (ys[i]! - my);
  }
  if (sxx <= 0) return null;
  const slope = sxy / sxx;
  const intercept = my - slope * mx;
  let sse = 0;
  for (let i = 0; i < n; i++) {
    const r = ys[i]! - (intercept + slope * xs[i]!);
    sse += r * r;
  }
  const df = n - 2;
  const se = Math.sqrt(sse / df / sxx);
  if (se === 0) return { n, slope, ci95: [slope, slope], pValue: slope === 0 ? 1 : 0 };
  const t = slope / se;
  const q = studentTQuantile(0.975, df);
  return { n, slope, ci95: [slope - q * se, slope + q * se], pValue: twoSidedP(t, df) };
}

/** P(|T| >= |t|) for Student's t with df degrees of freedom. */
export function twoSidedP(t: number, df: number): number {
  return Math.min(1, Math.max(0, incompleteBeta(df / (df + t * t), df / 2, 0.5)));
}

/** The p-quantile of Student's t (p > 0.5), by bisection on the distribution function. */
export function studentTQuantile(p: number, df: number): number {
  const target = 2 * (1 - p);
  let lo = 0;
  let hi = 1000;
  for (let i = 0; i < 100; i++) {
    const mid = (lo + hi) / 2;
    if (twoSidedP(mid, df) > target) lo = mid;
    else hi = mid;
  }
  return (lo + hi) / 2;
}

/** Regularised incomplete beta I_x(a, b) (continued fraction, Numerical Recipes 6.4). */
function incompleteBeta(x: number, a: number, b: number): number {
  if (x <= 0) return 0;
  if (x >= 1) return 1;
  const front = Math.exp(logGamma(a + b) - logGamma(a) - logGamma(b) + a * Math.log(x) + b * Math.log(1 - x));
  return x < (a + 1) / (a + b + 2) ? (front * betaFraction(x, a, b)) / a : 1 - (front * betaFraction(1 - x, b, a)) / b;
}

function betaFraction(x: number, a: number, b: number): number {
  const tiny = 1e-300;
  let c = 1;
  let d = 1 - ((a + b) * x) / (a + 1);
  if (Math.abs(d) < tiny) d = tiny;
  d = 1 / d;
  let h = d;
  // One step of the modified Lentz method: the factor it multiplies h by.
  const step = (aa: number) => {
    d = 1 + aa * d;
    if (Math.abs(d) < tiny) d = tiny;
    c = 1 + aa / c;
    if (Math.abs(c) < tiny) c = tiny;
    d = 1 / d;
    return d * c;
  };
  for (let m = 1; m <= 300; m++) {
    const m2 = 2 * m;
    h *= step((m * (b - m) * x) / ((a + m2 - 1) * (a + m2)));
    const delta = step((-(a + m) * (a + b + m) * x) / ((a + m2) * (a + m2 + 1)));
    h *= delta;
    if (Math.abs(delta - 1) < 3e-14) break;
  }
  return h;
}

/** ln Γ(x) by the Lanczos approximation (g = 7, n = 9). */
function logGamma(x: number): number {
  const g = [
    0.9999999999998099, 676.5203681218851, -1259.1392167224028, 771.3234287776531, -176.61503916999186,
    12.507343278686905, -0.13857109526572012, 9.984369578019572e-6, 1.5056327351493116e-7,
  ];
  if (x < 0.5) return Math.log(Math.PI / Math.sin(Math.PI * x)) - logGamma(1 - x);
  x -= 1;
  let a = g[0]!;
  const t = x + 7.5;
  for (let i = 1; i < 9; i++) a += g[i]! / (x + i);
  return 0.5 * Math.log(2 * Math.PI) + (x + 0.5) * Math.log(t) - t + Math.log(a);
}
