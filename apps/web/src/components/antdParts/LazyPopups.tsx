import {
  type ComponentProps,
  type FocusEvent,
  type MouseEvent,
  type ReactElement,
  type ReactNode,
  cloneElement,
  useEffect,
  useRef,
  useState,
} from 'react';
import { flushSync } from 'react-dom';
import { Popconfirm, Tooltip } from 'antd';

/**
 * Ant Design's Tooltip and Popconfirm built when the pointer or the keyboard focus first reaches their button, not
 * with the row that holds them: each one is a trigger with its own state, observers and portal, and a table with
 * several a row paid for all of them before its first rows showed, though a user points at one at most. Built on
 * approach rather than on the click itself, the button is in place before it is pressed, and the popup opens as it
 * always did; a confirmation whose button is clicked before either (assistive technology) is built open.
 */

type ButtonChild = ReactElement<{
  onClick?: (e: MouseEvent) => void;
  onMouseEnter?: (e: MouseEvent) => void;
  onMouseLeave?: (e: MouseEvent) => void;
  onFocus?: (e: FocusEvent) => void;
  autoFocus?: boolean;
}>;

/**
 * How the button was first reached: by the pointer, by the focus, or by a click that came with neither (assistive
 * technology, a screen reader's browse mode or voice control, activates a button with a click alone).
 */
type Approach = 'pointer' | 'focus' | 'click';

/**
 * The button alone until first reached, then `build(button, approach)`. The button is drawn anew inside the popup's
 * trigger; if it had the focus, it takes it back, so the user stays where they were. With `buildOnClick`, a click
 * on the button alone builds the popup too (a popup the click opens: the click itself found no popup to open).
 */
function useBuiltOnApproach(
  children: ButtonChild,
  build: (button: ButtonChild, by: Approach) => ReactNode,
  { buildOnClick = false, onPointer }: { buildOnClick?: boolean; onPointer?: () => void } = {},
) {
  const [reached, setReached] = useState<{ by: Approach; focused: boolean }>();
  if (reached)
    return build(reached.focused ? cloneElement(children, { autoFocus: true }) : children, reached.by);
  return cloneElement(children, {
    onMouseEnter: (e: MouseEvent) => {
      children.props.onMouseEnter?.(e);
      // At once, not at React's next render: a tap (or a quick click) sends its press right after the pointer
      // enters, and a press begun on this button and ended on its new one would click neither.
      flushSync(() => setReached({ by: 'pointer', focused: false }));
      onPointer?.();
    },
    onFocus: (e: FocusEvent) => {
      children.props.onFocus?.(e);
      setReached({ by: 'focus', focused: true });
    },
    ...(buildOnClick && {
      onClick: (e: MouseEvent) => {
        children.props.onClick?.(e);
        setReached({ by: 'click', focused: e.currentTarget === document.activeElement });
      },
    }),
  });
}

/** How long the pointer rests on a button before its tooltip opens [ms]: Ant Design's own delay (0.1 s). */
const TOOLTIP_DELAY_MS = 100;

/**
 * A Tooltip (opened on hover). The pointer's arrival that built it came before it existed: it opens after the same
 * delay as any hover, unless the pointer left meanwhile, so that a pointer crossing a column of buttons opens none.
 */
export function LazyTooltip({
  title,
  open,
  children,
}: {
  title: ReactNode;
  /** `false` keeps it closed (e.g. while a dialog is open); otherwise it opens on hover. */
  open?: false;
  children: ButtonChild;
}) {
  // Shown once built: Ant Design's hover rules decide (`onOpenChange`), and the arrival's timer, until either.
  const [shown, setShown] = useState(false);
  const arrival = useRef<number>(undefined);
  const cancelArrival = () => window.clearTimeout(arrival.current);
  useEffect(() => cancelArrival, []);
  // Kept closed, it stays closed after, as Ant Design's own state does: nor does a pending arrival open it then.
  useEffect(() => {
    if (open === false) cancelArrival();
  }, [open]);
  const [keptClosed, setKeptClosed] = useState(open === false);
  if (keptClosed !== (open === false)) {
    setKeptClosed(open === false);
    if (open === false) setShown(false);
  }
  return useBuiltOnApproach(
    children,
    (button) => (
      <Tooltip
        title={title}
        open={open === false ? false : shown}
        mouseEnterDelay={TOOLTIP_DELAY_MS / 1000}
        onOpenChange={(next) => {
          cancelArrival();
          setShown(next);
        }}
      >
        {cloneElement(button, {
          onMouseLeave: (e: MouseEvent) => {
            button.props.onMouseLeave?.(e);
            cancelArrival();
          },
        })}
      </Tooltip>
    ),
    {
      onPointer: () => {
        cancelArrival();
        arrival.current = window.setTimeout(() => setShown(true), TOOLTIP_DELAY_MS);
      },
    },
  );
}

/** A Popconfirm (opened by a click on its button), already open when a click built it. */
export function LazyPopconfirm({
  children,
  ...confirm
}: Omit<ComponentProps<typeof Popconfirm>, 'children'> & { children: ButtonChild }) {
  return useBuiltOnApproach(
    children,
    (button, by) => (
      <Popconfirm {...confirm} defaultOpen={confirm.defaultOpen || by === 'click'}>
        {button}
      </Popconfirm>
    ),
    { buildOnClick: true },
  );
}
