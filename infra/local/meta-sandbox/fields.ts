/** Parses Graph `fields=` (with nested `{}` and `.limit()` modifiers) and projects objects onto it. */
export type FieldTree = Map<string, FieldTree | null>;

export function parseFields(spec: string | null | undefined): FieldTree | null {
  if (!spec) return null;
  let i = 0;
  const parseList = (): FieldTree => {
    const tree: FieldTree = new Map();
    while (i < spec.length) {
      let name = '';
      while (i < spec.length && !',{}'.includes(spec[i]!)) name += spec[i++];
      name = name.trim().replace(/\..*$/, '');
      let sub: FieldTree | null = null;
      if (spec[i] === '{') {
        i++;
        sub = parseList();
        i++; // '}'
      }
      if (name) tree.set(name, sub);
      if (spec[i] === ',') { i++; continue; }
      if (spec[i] === '}') break;
    }
    return tree;
  };
  return parseList();
}

/** Keeps the requested fields (id always); `{data:[…]}` edges and arrays are projected item by item. */
export function project(value: unknown, tree: FieldTree | null): unknown {
  if (tree === null || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((v) => project(v, tree));
  const obj = value as Record<string, unknown>;
  if (Array.isArray(obj.data) && !('id' in obj)) return { ...obj, data: obj.data.map((v) => project(v, tree)) };
  const out: Record<string, unknown> = {};
  if ('id' in obj) out.id = obj.id;
  for (const [name, sub] of tree) {
    if (obj[name] !== undefined) out[name] = project(obj[name], sub);
  }
  return out;
}
