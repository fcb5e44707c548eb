// Each scenario records its figures under its own key in bench/results/faults.json.
import fs from 'node:fs';
import path from 'node:path';

const FILE = path.join(import.meta.dirname, '..', 'bench', 'results', 'faults.json');

export type ScenarioFigures = {
  /** Milliseconds from the fault until service was whole again. */
  recoveryMs: number | null;
  /** Requests that failed, by status ("503": 12, "timeout": 0, ...). */
  failedRequests: Record<string, number>;
  acknowledgedWritesLost: number;
  messagesDoubled: number;
  [more: string]: unknown;
};

export function recordScenario(name: string, figures: ScenarioFigures): void {
  const all = fs.existsSync(FILE) ? (JSON.parse(fs.readFileSync(FILE, 'utf8')) as Record<string, unknown>) : {};
  all[name] = { ...figures, measuredAt: new Date().toISOString() };
  fs.writeFileSync(FILE, `${JSON.stringify(all, null, 2)}\n`);
}
