// Original line art for the landing hero: colleagues as linked circles around a conversation, in the brand's greens.
// Decorative: the hero's heading says what it means, so it is hidden from assistive technology.
const PEOPLE: [x: number, y: number, r: number][] = [
  [90, 110, 34], [250, 70, 28], [390, 140, 36], [120, 290, 30], [300, 300, 40], [420, 330, 24],
];
const LINKS: [from: number, to: number][] = [[0, 1], [1, 2], [0, 3], [3, 4], [2, 4], [4, 5], [1, 4]];

function Person({ x, y, r, shade }: { x: number; y: number; r: number; shade: string }) {
  return (
    <g>
      <circle cx={x} cy={y} r={r} fill="var(--mantine-color-white)" stroke={shade} strokeWidth={3} />
      <circle cx={x} cy={y - r * 0.22} r={r * 0.26} fill={shade} />
      <path d={`M ${x - r * 0.5} ${y + r * 0.55} Q ${x} ${y - r * 0.05} ${x + r * 0.5} ${y + r * 0.55}`} fill={shade} />
    </g>
  );
}

export function HeroIllustration() {
  return (
    <svg viewBox="0 0 480 400" width="100%" role="presentation" aria-hidden focusable="false" style={{ maxWidth: 480 }}>
      <circle cx={250} cy={210} r={170} fill="var(--mantine-color-brand-0)" />
      {LINKS.map(([a, b]) => (
        <line key={`${a}-${b}`} x1={PEOPLE[a][0]} y1={PEOPLE[a][1]} x2={PEOPLE[b][0]} y2={PEOPLE[b][1]}
          stroke="var(--mantine-color-brand-3)" strokeWidth={3} strokeDasharray="2 8" strokeLinecap="round" />
      ))}
      <g transform="translate(205 175)">
        <rect width={96} height={58} rx={16} fill="var(--mantine-color-brand-7)" />
        <path d="M 24 58 L 18 74 L 40 58 Z" fill="var(--mantine-color-brand-7)" />
        {[22, 48, 74].map((cx) => <circle key={cx} cx={cx} cy={29} r={6} fill="var(--mantine-color-white)" />)}
      </g>
      {PEOPLE.map(([x, y, r], i) => (
        <Person key={i} x={x} y={y} r={r} shade={i % 2 ? 'var(--mantine-color-brand-8)' : 'var(--mantine-color-brand-5)'} />
      ))}
    </svg>
  );
}
