import { Cell, Legend, Pie, PieChart, ResponsiveContainer, Tooltip, type PieLabelRenderProps } from 'recharts';

export interface Slice {
  name: string;
  value: number;
  color: string;
}

const percent = (value: number, total: number) => (total ? ((value / total) * 100).toFixed(1) : '0.0');

/**
 * Sentiment pie (spec section 9: radius 80, height 300; labels name, count and percent). Each label
 * takes two short lines (name; count and percent) so it stays inside a half-width card (issue 12:
 * one long line was clipped at the card's edge, "egative: 22").
 */
export default function SentimentPie({ data, total }: { data: Slice[]; total: number }) {
  const text = (s: { name?: string; value?: number }) => `${s.name}: ${s.value} (${percent(s.value ?? 0, total)}%)`;
  const label = (p: PieLabelRenderProps) => {
    const x = Number(p.x);
    const y = Number(p.y);
    const anchor = x >= Number(p.cx) ? 'start' : 'end';
    return (
      <text x={x} y={y} textAnchor={anchor} fill="#1f2937" fontSize={12} className="cg-pie-label">
        <tspan x={x} dy="-0.3em" fontWeight={600}>{p.name}</tspan>
        <tspan x={x} dy="1.2em">{`${p.value} (${percent(Number(p.value ?? 0), total)}%)`}</tspan>
      </text>
    );
  };
  return (
    <figure className="cg-figure" aria-label={`Sentiment distribution: ${data.map((d) => text(d)).join(', ')}`}>
      <ResponsiveContainer width="100%" height={300}>
        <PieChart margin={{ top: 16, right: 8, bottom: 8, left: 8 }} style={{ overflow: 'visible' }}>
          <Pie data={data} dataKey="value" nameKey="name" cx="50%" cy="50%" outerRadius={80} label={label} labelLine isAnimationActive={false}>
            {data.map((d) => (
              <Cell key={d.name} fill={d.color} />
            ))}
          </Pie>
          <Tooltip />
          <Legend />
        </PieChart>
      </ResponsiveContainer>
    </figure>
  );
}
