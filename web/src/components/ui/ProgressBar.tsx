export function ProgressBar({ value, labelledBy, label, tone = 'primary', color }: { value: number; labelledBy?: string; label?: string; tone?: 'primary' | 'muted'; color?: string }) {
  const v = Math.max(0, Math.min(100, Number.isFinite(value) ? value : 0));
  return (
    <div
      className={`cg-progress cg-progress-${tone}`}
      role="progressbar"
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={Math.round(v)}
      aria-labelledby={labelledBy}
      aria-label={labelledBy ? undefined : label}
    >
      <div className="cg-progress-fill" style={{ width: `${v}%`, background: color }} />
    </div>
  );
}
