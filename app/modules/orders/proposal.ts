/**
 * What a dealer is asked to agree to (issue 29 item 1): the delivery dates of an order that waits
 * for his agreement, line by line, and the latest of them, so the page asking "agree?" states the
 * date. Pure: the order page and its tests call it with the order's rows.
 *
 * - `date_proposed`: the order desk proposed other ship dates (decision 044): a changed line keeps
 *   the dealer's date in `requested_date` and carries the proposal in `ship_date`.
 * - `to_be_confirmed`: the dates the dealer asked for need a manual review (decision 031): the shop
 *   can ship a line on its expected ship date (ESD) at the earliest, so that is what he agrees to.
 * Gift lines (no ESD, no ship date) are left out. Any other status asks nothing: null.
 */
export interface ProposalLine {
  lineNo: number;
  code: string;
  /** the ship date the dealer asked for */
  requested: string | null;
  /** the ship date he is asked to agree to */
  proposed: string;
}

export interface DeliveryProposal {
  /** the latest proposed ship date: the order is delivered complete from then on */
  date: string;
  /** the delivery date the dealer wanted for the whole order */
  wanted: string;
  lines: ProposalLine[];
}

interface ProposalOrder {
  status: string;
  expected_delivery_date: string;
}
interface ProposalOrderLine {
  line_no: number;
  ordering_code: string;
  esd: string | null;
  ship_date: string | null;
  requested_date: string | null;
}

const later = (a: string, b: string | null) => (b !== null && b > a ? b : a);

export function deliveryProposal(order: ProposalOrder, lines: readonly ProposalOrderLine[]): DeliveryProposal | null {
  let out: ProposalLine[];
  if (order.status === "date_proposed") {
    const dated = lines.filter((l) => l.ship_date !== null);
    const changed = dated.filter((l) => l.requested_date !== null && l.requested_date !== l.ship_date);
    out = (changed.length ? changed : dated).map((l) => ({ lineNo: l.line_no, code: l.ordering_code, requested: l.requested_date, proposed: l.ship_date! }));
  } else if (order.status === "to_be_confirmed") {
    out = lines
      .filter((l) => l.esd !== null)
      .map((l) => ({ lineNo: l.line_no, code: l.ordering_code, requested: l.ship_date, proposed: later(l.esd!, l.ship_date) }));
  } else {
    return null;
  }
  if (out.length === 0) return null;
  return { date: out.reduce((max, l) => later(max, l.proposed), out[0].proposed), wanted: order.expected_delivery_date, lines: out };
}
