import { Box, Button, Group, Paper, SegmentedControl, Table, Text, Title } from '@mantine/core';
import { useId, useState, type ReactNode } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import { withValues } from '../lib/messages.ts';

const m = withValues(defineMessages({
  view: { id: 'components.chartPanel.view', defaultMessage: '{title}: view', description: 'Accessible name of the switch between a chart and its table; {title} is the chart\'s title.' },
  chart: { id: 'components.chartPanel.chart', defaultMessage: 'Chart', description: 'Switch option: show the figures as a chart.' },
  table: { id: 'components.chartPanel.table', defaultMessage: 'Table', description: 'Switch option: show the figures as a table.' },
  download: { id: 'components.chartPanel.downloadCsv', defaultMessage: 'Download CSV', description: 'Button: download the chart\'s figures as a CSV file.' },
  empty: { id: 'components.chartPanel.empty', defaultMessage: 'Nothing to show for this period.', description: 'A chart with no figures in the chosen period.' },
  tableRegion: { id: 'components.chartPanel.tableRegion', defaultMessage: '{title}: table', description: 'Accessible name of the scrollable area holding a chart\'s table; {title} is the chart\'s title.' },
}));

export type ChartColumn = { key: string; label: string };
type Row = Record<string, string | number>;

/** The rows as CSV text (RFC 4180 quoting), headed by the columns' labels. */
function toCsv(columns: ChartColumn[], rows: Row[]): string {
  const cell = (v: string | number) => (/[",\n]/.test(String(v)) ? `"${String(v).replace(/"/g, '""')}"` : String(v));
  return [columns.map((c) => cell(c.label)), ...rows.map((r) => columns.map((c) => cell(r[c.key] ?? '')))].map((l) => l.join(',')).join('\n');
}

function download(name: string, text: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const a = Object.assign(document.createElement('a'), { href: url, download: name });
  a.click();
  URL.revokeObjectURL(url);
}

/**
 * A chart with the same figures as a table (for screen readers and anyone who prefers one) and a CSV download. The
 * chart itself is hidden from assistive technology, which reads the table instead: switching to the table shows it.
 */
export function ChartPanel({ title, columns, rows, fileName, children }: {
  title: string; columns: ChartColumn[]; rows: Row[]; fileName: string; children: ReactNode;
}) {
  const intl = useIntl();
  const [view, setView] = useState<'chart' | 'table'>('chart');
  const titleId = useId();
  const table = (
    <Table striped aria-label={title}>
      <Table.Thead><Table.Tr>{columns.map((c) => <Table.Th key={c.key} scope="col">{c.label}</Table.Th>)}</Table.Tr></Table.Thead>
      <Table.Tbody>
        {rows.map((r, i) => <Table.Tr key={i}>{columns.map((c) => <Table.Td key={c.key}>{r[c.key]}</Table.Td>)}</Table.Tr>)}
      </Table.Tbody>
    </Table>
  );
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby={titleId}>
      <Group justify="space-between" align="center" mb="sm" gap="xs">
        <Title order={2} size="h4" id={titleId}>{title}</Title>
        <Group gap="xs">
          <SegmentedControl size="xs" value={view} onChange={(v) => setView(v as 'chart' | 'table')} aria-label={intl.formatMessage(m.view, { title })}
            data={[{ value: 'chart', label: intl.formatMessage(m.chart) }, { value: 'table', label: intl.formatMessage(m.table) }]} />
          <Button size="xs" variant="light" onClick={() => download(fileName, toCsv(columns, rows))}>{intl.formatMessage(m.download)}</Button>
        </Group>
      </Group>
      {rows.length === 0 && <Text c="dimmed" size="sm">{intl.formatMessage(m.empty)}</Text>}
      {/* inert as well: the chart library makes its drawing focusable, and nothing hidden may take focus. */}
      {rows.length > 0 && view === 'chart' && <div aria-hidden="true" inert>{children}</div>}
      {/* Hidden but read while the chart shows; a scroll area only when shown (a hidden one could not be scrolled). */}
      {rows.length > 0 && view === 'chart' && <div style={visuallyHidden}>{table}</div>}
      {/* On a phone a wide table scrolls sideways: its area takes focus, so a keyboard can scroll it too. */}
      {rows.length > 0 && view === 'table' && (
        <Box tabIndex={0} role="region" aria-label={intl.formatMessage(m.tableRegion, { title })} style={{ overflowX: 'auto' }}>{table}</Box>
      )}
    </Paper>
  );
}

// Read by screen readers while the chart is shown.
const visuallyHidden = {
  position: 'absolute', width: 1, height: 1, padding: 0, margin: -1, overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap', border: 0,
} as const;
