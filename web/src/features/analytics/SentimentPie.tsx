import { Cell, Legend, Pie, PieChart, ResponsiveContainer, Tooltip } from 'recharts';

export interface Slice {
  name: string;
  value: number;
  color: string;
}

/** Sentiment pie (spec section 9: radius 80, height 300; labels name, count and percent). */
export default function SentimentPie({ data, total }: { data: Slice[]; total: number }) {
  const label = (s: { name?: string; value?: number }) => `${s.name}: ${s.value} (${total ? (((s.value ?? 0) / total) * 100).toFixed(1) : '0.0'}%)`;
  return (
    <figure className="cg-figure" aria-label={`Sentiment distribution: ${data.map((d) => label(d)).join(', ')}`}>
      <ResponsiveContainer width="100%" height={300}>
        <PieChart>
          <Pie data={data} dataKey="value" nameKey="name" cx="50%" cy="50%" outerRadius={80} label={label} isAnimationActive={false}>
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
