import type { RummyAction, RummyView } from '@tabula/rummy';
import { useEffect, useRef, useState } from 'preact/hooks';
import { type BoardProps, seatName } from '../types';
import { CardBack, CardFace, cardName, cardsLine } from './cards';
import { type DragControl, targetText, useCardDrag } from './drag';
import {
  accepts,
  type Draft,
  draftFromLayout,
  draftOf,
  type HandOrder,
  type LastPlay,
  lastPlay,
  layoutOf,
  moveCard,
  type Piece,
  placeOf,
  solverPlay,
  sortedHand,
  type Target,
  untouched,
  verdict,
} from './layout';
import './rummy.css';

const ORDER_KEY = 'tabula.rummy.order';

function savedOrder(): HandOrder {
  try {
    return window.localStorage.getItem(ORDER_KEY) === 'value' ? 'value' : 'suit';
  } catch {
    return 'suit';
  }
}

/**
 * The rummy table: the melds, the stock, every seat's card count, and the
 * seat's hand; on the seat's turn, an editor of the new layout (drag a card,
 * or tap it and then tap where it goes), checked by the engine as it is
 * built, with the solver's play as a hint.
 */
export function RummyBoard(props: BoardProps<RummyView, RummyAction>) {
  const { view, seat, legal, seq, busy } = props;
  const myTurn =
    seat !== null && props.status === 'running' && props.toAct.includes(seat) && legal.length > 0;
  const editable = myTurn && !busy && view.hand !== null;

  // the draft belongs to one position: a new one (seq) starts from the view again
  const [kept, setKept] = useState<{
    seq: number;
    draft: Draft;
    selected: string | null;
    note: string | null;
  }>(() => ({ seq, draft: draftOf(view), selected: null, note: null }));
  const current = kept.seq === seq ? kept : { seq, draft: draftOf(view), selected: null, note: null };
  const { draft, selected, note } = current;
  const update = (draft: Draft, selected: string | null = null, note: string | null = null) =>
    setKept({ seq, draft, selected, note });

  const [order, setOrder] = useState<HandOrder>(savedOrder);
  const [last, setLast] = useState<LastPlay | null>(null);
  const previous = useRef<{ seq: number; view: RummyView } | null>(null);
  useEffect(() => {
    const before = previous.current;
    if (before !== null && before.seq < seq) setLast(lastPlay(before.view, view));
    previous.current = { seq, view };
  }, [seq]);

  const put = (id: string, target: Target) => {
    const next = moveCard(draft, id, target);
    if (next !== draft) update(next);
    else if (!accepts(draft, id, target))
      update(draft, null, 'A card from the table cannot go to your hand.');
  };

  const changed = !untouched(draft, view);
  const check = verdict(draft, view);
  const hint = solverPlay(legal);
  const turnAction = legal.find((a) => a.type === 'draw' || a.type === 'pass');

  const tapCard = (id: string) => {
    if (!editable) return;
    if (selected === null || selected === id) {
      update(draft, selected === id ? null : id);
      return;
    }
    const from = placeOf(draft, selected);
    const at = placeOf(draft, id);
    if (typeof at === 'number' && at !== from) put(selected, { to: 'meld', index: at });
    else update(draft, id);
  };
  const drag = useCardDrag(editable, put, tapCard);
  const tapTarget = (target: Target) => {
    if (!editable || selected === null) return;
    put(selected, target);
  };

  const send = (action: RummyAction) => {
    // a refusal is shown by the table page; the draft stays for the player to mend
    props.act(action).catch(() => undefined);
  };
  const showHint = () => {
    if (hint === null) {
      update(draft, null, `No play found: ${turnAction?.type ?? 'draw'}.`);
      return;
    }
    const laid = draftFromLayout(view, hint.layout);
    update(
      laid ?? draft,
      null,
      laid === null
        ? 'The solver’s play does not fit this table.'
        : 'The solver’s play is laid out: press Play to make it.',
    );
  };

  const news = newsLine(props, last);
  return (
    <div class="rummy" data-seq={seq}>
      <p class="rummy-news" aria-live="polite">
        {news}
      </p>
      <Players {...props} />
      <section class="rummy-table" aria-label="Table">
        {draft.melds.map((meld, index) => (
          <MeldBox
            key={index}
            meld={meld}
            index={index}
            original={view.table}
            selected={selected}
            drag={drag}
            editable={editable}
            onCard={tapCard}
            onTarget={tapTarget}
          />
        ))}
        {editable && (
          <button
            type="button"
            class={`meld new-meld${drag.dragging?.over?.to === 'new' ? ' over' : ''}`}
            data-target="new"
            onClick={() => tapTarget({ to: 'new' })}
          >
            + New meld
          </button>
        )}
        {!editable && draft.melds.length === 0 && <p class="muted empty">No melds on the table yet.</p>}
      </section>
      {myTurn && (
        <div class="rummy-controls">
          <p class={`verdict${changed && !check.ok ? ' refused' : ''}`} role="status">
            {note ??
              verdictText(changed, check, seat === null || view.opened[seat] ? 0 : view.rules.openingPoints)}
          </p>
          <div class="buttons">
            <button
              type="button"
              class="primary"
              disabled={!editable || !check.ok}
              onClick={() => send({ type: 'play', layout: layoutOf(draft) })}
            >
              Play
            </button>
            <button type="button" disabled={!editable || !changed} onClick={() => update(draftOf(view))}>
              Reset
            </button>
            <button type="button" disabled={!editable} onClick={showHint}>
              Hint
            </button>
            {turnAction !== undefined && (
              <button type="button" disabled={!editable} onClick={() => send(turnAction)}>
                {turnAction.type === 'draw' ? 'Draw' : 'Pass'}
              </button>
            )}
          </div>
        </div>
      )}
      {view.hand !== null && (
        <section class="rummy-hand-area" aria-label="Your hand">
          <div class="hand-head">
            <h2>
              Your hand <span class="muted">({draft.hand.length})</span>
            </h2>
            <button
              type="button"
              class="small"
              aria-pressed={order === 'value'}
              onClick={() => {
                const next = order === 'suit' ? 'value' : 'suit';
                setOrder(next);
                try {
                  window.localStorage.setItem(ORDER_KEY, next);
                } catch {
                  // a private window keeps no storage: the order lasts the page
                }
              }}
            >
              Sort by {order === 'suit' ? 'value' : 'suit'}
            </button>
          </div>
          {/* biome-ignore lint/a11y/useSemanticElements: a drop zone holding buttons cannot itself be a button */}
          <div
            class={`hand${drag.dragging?.over?.to === 'hand' ? ' over' : ''}`}
            data-target="hand"
            role="group"
            aria-label="Hand cards"
            onClick={(e) => {
              if (e.target === e.currentTarget) tapTarget({ to: 'hand' });
            }}
            onKeyDown={(e) => {
              if (e.target === e.currentTarget && e.key === 'Enter') tapTarget({ to: 'hand' });
            }}
          >
            {sortedHand(draft.hand, order).map((piece) => (
              <CardButton
                key={piece.id}
                piece={piece}
                selected={selected === piece.id}
                drag={drag}
                editable={editable}
                onTap={tapCard}
              />
            ))}
            {draft.hand.length === 0 && <span class="muted">No cards left.</span>}
          </div>
          {editable && selected !== null && placeOf(draft, selected) !== 'hand' && (
            <button type="button" class="small" onClick={() => tapTarget({ to: 'hand' })}>
              Back to hand
            </button>
          )}
        </section>
      )}
      {drag.dragging !== null && (
        <Ghost draft={draft} id={drag.dragging.id} x={drag.dragging.x} y={drag.dragging.y} />
      )}
    </div>
  );
}

function verdictText(changed: boolean, check: ReturnType<typeof verdict>, opening: number): string {
  if (!changed) {
    const first = opening > 0 ? ` Your first play lays new melds worth ${opening} points or more.` : '';
    return `Your turn: drag cards (or tap a card, then where it goes) to build the new table.${first}`;
  }
  if (!check.ok) return `Not playable: ${check.reason}`;
  return `Playable: lays ${check.cards} card${check.cards === 1 ? '' : 's'}${check.handLeft === 0 ? ' and empties your hand' : ''}.`;
}

/** The line read out when something happens: the last play seen, then whose turn. */
function newsLine(props: BoardProps<RummyView, RummyAction>, last: LastPlay | null): string {
  const { view, seats, seat } = props;
  const who = (s: number) => (s === seat ? 'You' : seatName(seats, s));
  const parts: string[] = [];
  if (last !== null) {
    if (last.kind === 'played') parts.push(`${who(last.seat)} played ${cardsLine(last.cards)}.`);
    else parts.push(`${who(last.seat)} ${last.kind}${last.kind === 'drew' ? ' a card' : ''}.`);
  }
  if (view.status === 'over') {
    if (view.winner !== null) parts.push(`${who(view.winner)} won the round.`);
  } else if (view.current !== null) {
    parts.push(view.current === seat ? 'Your turn.' : `${seatName(seats, view.current)} to play.`);
  }
  return parts.join(' ');
}

function Players({ view, seats, seat }: BoardProps<RummyView, RummyAction>) {
  return (
    <ul class="rummy-players" aria-label="Players">
      <li class="stock" aria-label={`Stock: ${view.stockCount} cards`}>
        <span class="mini-card">
          <CardBack />
        </span>
        <span>
          Stock <b>{view.stockCount}</b>
        </span>
      </li>
      {view.handSizes.map((count, s) => {
        const name = s === seat ? 'You' : seatName(seats, s);
        const score = view.scores?.[s];
        return (
          <li
            key={s}
            class={`player${view.current === s ? ' to-act' : ''}${view.winner === s ? ' winner' : ''}`}
            aria-label={`${name}: ${count} card${count === 1 ? '' : 's'}, ${view.opened[s] ? 'opened' : 'not opened'}${view.current === s ? ', to play' : ''}${score === undefined ? '' : `, score ${score}`}`}
          >
            <span class="mini-card">
              <CardBack />
            </span>
            <span>
              {name} <b>{count}</b>
              {!view.opened[s] && <span class="muted"> · not opened</span>}
              {score !== undefined && <span> · {score > 0 ? `+${score}` : score}</span>}
            </span>
          </li>
        );
      })}
    </ul>
  );
}

function MeldBox(props: {
  meld: readonly Piece[];
  index: number;
  original: RummyView['table'];
  selected: string | null;
  drag: DragControl;
  editable: boolean;
  onCard(id: string): void;
  onTarget(target: Target): void;
}) {
  const { meld, index, drag, editable } = props;
  const target: Target = { to: 'meld', index };
  const over = drag.dragging?.over?.to === 'meld' && drag.dragging.over.index === index;
  const fresh = meld.some((p) => p.from === 'hand');
  return (
    // biome-ignore lint/a11y/useSemanticElements: a drop zone holding buttons cannot itself be a button
    <div
      class={`meld${over ? ' over' : ''}${fresh ? ' fresh' : ''}`}
      data-target={targetText(target)}
      role="group"
      aria-label={`Meld ${index + 1}: ${meld.map((p) => cardName(p.card)).join(', ')}`}
      onClick={(e) => {
        if (e.target === e.currentTarget) props.onTarget(target);
      }}
      onKeyDown={(e) => {
        if (e.target === e.currentTarget && e.key === 'Enter') props.onTarget(target);
      }}
    >
      {meld.map((piece) => (
        <CardButton
          key={piece.id}
          piece={piece}
          selected={props.selected === piece.id}
          drag={drag}
          editable={editable}
          onTap={props.onCard}
        />
      ))}
    </div>
  );
}

function CardButton(props: {
  piece: Piece;
  selected: boolean;
  drag: DragControl;
  editable: boolean;
  onTap(id: string): void;
}) {
  const { piece, selected, drag, editable } = props;
  const lifted = drag.dragging?.id === piece.id;
  return (
    <button
      type="button"
      class={`card${selected ? ' selected' : ''}${lifted ? ' lifted' : ''}${piece.from === 'hand' ? ' from-hand' : ''}`}
      data-card={piece.card}
      aria-label={cardName(piece.card)}
      aria-pressed={editable ? selected : undefined}
      disabled={!editable}
      onPointerDown={(e) => drag.press(e, piece.id)}
      onClick={(e) => {
        e.stopPropagation();
        if (!drag.consumeClick()) props.onTap(piece.id);
      }}
    >
      <CardFace card={piece.card} />
    </button>
  );
}

function Ghost({ draft, id, x, y }: { draft: Draft; id: string; x: number; y: number }) {
  const piece = [...draft.hand, ...draft.melds.flat()].find((p) => p.id === id);
  if (piece === undefined) return null;
  return (
    <div class="card ghost" style={{ left: `${x}px`, top: `${y}px` }} aria-hidden="true">
      <CardFace card={piece.card} />
    </div>
  );
}
