// Browser side of the search form: the filters it holds as URL parameters and back, and "More filters" opened when it holds one.

type Control = HTMLInputElement | HTMLSelectElement;

type Field = Readonly<{ control: Control; id: string; label: string; anchor: Element }>;

export type SearchForm = Readonly<{
  form: HTMLFormElement;
  more: HTMLDetailsElement;
  /** The controls named for a filter (a star choice is several radio buttons of one name). */
  controls: () => Control[];
  /** The filters as the URL carries them: non-empty, defaults left out, unknown URL parameters kept. */
  params: () => URLSearchParams;
  /** Where a filter's problem is told: its control, the id and label it goes by, the element the message follows. */
  field: (name: string) => Field | null;
  /** Shows `params` in the form, and opens "More filters" when one of its filters is set. */
  fill: (params: URLSearchParams) => void;
}>;

export function searchForm(form: HTMLFormElement): SearchForm {
  const more = form.querySelector<HTMLDetailsElement>("#more-filters")!;
  const count = form.querySelector<HTMLElement>("#more-filters-count");
  const controls = () => [...form.querySelectorAll<Control>("[name]")];
  const names = () => new Set(controls().map((c) => c.name));

  const params = () => {
    const out = new URLSearchParams();
    for (const c of controls()) {
      if (c instanceof HTMLInputElement && c.type === "radio" && !c.checked) continue;
      const value = c.value.trim();
      if (value !== "" && value !== c.dataset["default"]) out.set(c.name, value);
    }
    for (const [key, value] of new URLSearchParams(location.search)) {
      if (!names().has(key) && key !== "cursor") out.append(key, value);
    }
    return out;
  };

  const fill = (values: URLSearchParams) => {
    let folded = 0;
    for (const name of names()) {
      const value = values.get(name) ?? "";
      const group = controls().filter((c) => c.name === name);
      const first = group[0]!;
      if (first instanceof HTMLInputElement && first.type === "radio") checkRadio(group as HTMLInputElement[], value);
      else {
        // A value the catalog does not list (an alias, a name): keep it selectable so the URL and the form agree.
        if (first instanceof HTMLSelectElement && value !== "" && ![...first.options].some((o) => o.value === value))
          first.add(new Option(value, value));
        first.value = value;
      }
      if (value !== "" && more.contains(first)) folded++;
    }
    if (folded > 0) more.open = true;
    if (count) count.textContent = folded > 0 ? `(${folded} set)` : "";
  };

  const field = (name: string): Field | null => {
    const group = controls().filter((c) => c.name === name);
    const control = group.find((c) => !(c instanceof HTMLInputElement && c.type === "radio") || c.checked) ?? group[0];
    if (!control) return null;
    const set = control.type === "radio" ? control.closest("fieldset") : null;
    if (set) {
      const label = set.querySelector("legend")?.textContent ?? name;
      return { control, id: set.id, label, anchor: set.lastElementChild! };
    }
    return { control, id: control.id, label: control.labels?.[0]?.textContent ?? name, anchor: control };
  };

  return { form, more, controls, params, field, fill };
}

/** Checks the radio button of `value`, adding one for a value the choices do not offer (`min_rating=3.5`). */
function checkRadio(group: HTMLInputElement[], value: string): void {
  let match = group.find((r) => r.value === value);
  if (!match) {
    const label = group[group.length - 1]!.closest("label")!;
    const copy = label.cloneNode(true) as HTMLLabelElement;
    match = copy.querySelector("input")!;
    match.value = value;
    copy.querySelector(".chip")!.textContent = `${value} stars & up`;
    label.after(copy);
  }
  match.checked = true;
}
