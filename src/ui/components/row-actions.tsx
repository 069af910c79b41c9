export type RowAction = {
  /** The visible text, e.g. "Edit". */
  label: string;
  /** The accessible name that says which row it acts on, e.g. "Edit backup". */
  name: string;
  onClick: () => void;
  disabled?: boolean;
};

type RowActionsProps = { columnLabel: string; actions: readonly RowAction[] };

/** The last cell of a data-table row: one button per action on that row. */
export function RowActions({ columnLabel, actions }: RowActionsProps) {
  return (
    <td data-label={columnLabel}>
      <div className="data-table__actions">
        {actions.map((action) => (
          <button
            key={action.label}
            type="button"
            className="button"
            aria-label={action.name}
            disabled={action.disabled}
            onClick={action.onClick}
          >
            {action.label}
          </button>
        ))}
      </div>
    </td>
  );
}
