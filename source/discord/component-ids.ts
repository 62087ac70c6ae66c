/**
 * Components as Discord stores them (DOCS components reference, "id"): each one without an `id` gets the
 * next free number, counting through the tree in order — a container before what it holds (`components`,
 * a Label's `component`, a section's `accessory`) — skipping numbers the bot gave itself; a select gets
 * its `min_values`/`max_values` of 1 when it set none, as Discord returns it. Pure: it returns copies.
 */

type Json = Record<string, unknown>;

const SELECT_TYPES: readonly number[] = [3, 5, 6, 7, 8];

function object(value: unknown): Json | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Json) : undefined;
}

function children(component: Json): unknown[] {
  return [...(Array.isArray(component.components) ? component.components : []), component.component, component.accessory].filter((child) => child !== undefined);
}

function usedIds(components: readonly unknown[], used: Set<number>): void {
  for (const component of components) {
    const body = object(component);
    if (!body) continue;
    if (typeof body.id === 'number') used.add(body.id);
    usedIds(children(body), used);
  }
}

export function withComponentIds(components: readonly unknown[]): unknown[] {
  const used = new Set<number>();
  usedIds(components, used);
  let next = 1;
  const number = (component: unknown): unknown => {
    const body = object(component);
    if (!body) return component;
    const copy: Json = { ...body };
    if (typeof copy.id !== 'number') {
      while (used.has(next)) next++;
      used.add(next);
      copy.id = next;
    }
    if (SELECT_TYPES.includes(Number(copy.type))) {
      copy.min_values ??= 1;
      copy.max_values ??= 1;
    }
    if (Array.isArray(body.components)) copy.components = body.components.map(number);
    if (body.component !== undefined) copy.component = number(body.component);
    if (body.accessory !== undefined) copy.accessory = number(body.accessory);
    return copy;
  };
  return components.map(number);
}
