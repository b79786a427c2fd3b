import { FEATURE_COMPARISON, PLANS } from '@cg/shared/plans';

function Cell({ value }: { value: string }) {
  if (value === '✓') return <td><span className="mk-yes" aria-hidden="true">✓</span><span className="mk-visually-hidden">Included</span></td>;
  if (value === '—') return <td><span className="mk-no" aria-hidden="true">—</span><span className="mk-visually-hidden">Not included</span></td>;
  return <td>{value}</td>;
}

/** The Feature Comparison table of spec section 3, from FEATURE_COMPARISON. */
export function ComparisonTable() {
  return (
    <div className="mk-table-wrap" tabIndex={0} role="region" aria-labelledby="comparison-title">
      <table className="mk-table">
        <thead>
          <tr>
            <th scope="col">Feature</th>
            {PLANS.map((p) => (
              <th scope="col" key={p.id}>{p.name}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          {FEATURE_COMPARISON.map((row) => (
            <tr key={row.feature}>
              <th scope="row">{row.feature}</th>
              {row.values.map((v, i) => (
                <Cell key={i} value={v} />
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
