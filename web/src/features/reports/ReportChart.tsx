import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { Report } from '@cg/shared';
import { COLORS } from '../analytics/AnalyticsPage';

/** Comments per day with their sentiment (one line each). */
export default function ReportChart({ days }: { days: Report['byDay'] }) {
  const summary = days.map((d) => `${d.date}: ${d.comments} (${d.negative} negative)`).join('; ');
  return (
    <figure className="cg-figure" aria-label={`Comments by day: ${summary}`}>
      <ResponsiveContainer width="100%" height={280}>
        <LineChart data={days} margin={{ top: 8, right: 16, bottom: 8, left: 0 }}>
          <CartesianGrid strokeDasharray="3 3" />
          <XAxis dataKey="date" tick={{ fontSize: 12 }} />
          <YAxis allowDecimals={false} tick={{ fontSize: 12 }} />
          <Tooltip />
          <Legend />
          <Line type="monotone" dataKey="comments" name="Comments" stroke="#1d4ed8" dot={false} />
          <Line type="monotone" dataKey="positive" name="Positive" stroke={COLORS.positive} dot={false} />
          <Line type="monotone" dataKey="negative" name="Negative" stroke={COLORS.negative} dot={false} />
          <Line type="monotone" dataKey="neutral" name="Neutral" stroke={COLORS.neutral} dot={false} />
        </LineChart>
      </ResponsiveContainer>
    </figure>
  );
}
