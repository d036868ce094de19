interface ToggleGroupProps<Value extends string | number> {
  /** What the group chooses, for assistive technology ('Show messages', 'Period'). */
  label: string;
  options: readonly { value: Value; label: string }[];
  value: Value;
  onChange: (value: Value) => void;
}

/**
 * One choice out of a few, as a row of pressed/unpressed buttons: the admin lists' filters and
 * the dashboard's period. Buttons with `aria-pressed` rather than tabs: the choice filters the
 * content below, it does not switch between panels.
 */
export function ToggleGroup<Value extends string | number>({
  label,
  options,
  value,
  onChange,
}: ToggleGroupProps<Value>) {
  return (
    <div role="group" aria-label={label} className="join flex-wrap">
      {options.map((option) => (
        <button
          key={option.value}
          type="button"
          aria-pressed={value === option.value}
          className={`btn btn-sm join-item ${value === option.value ? 'btn-neutral' : ''}`}
          onClick={() => onChange(option.value)}
        >
          {option.label}
        </button>
      ))}
    </div>
  );
}
