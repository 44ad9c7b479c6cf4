/** A web address in an editor's text: http(s), up to a space, a quote or Chinese punctuation. */
const WEB_ADDRESS = /(https?:\/\/[^\s<>"'，。；、）】》]+)/;

/**
 * Plain text whose web addresses become links, so an announcement can point to a page or a file
 * elsewhere without the editor writing HTML. React escapes every piece; nothing here is parsed as
 * markup. A trailing full stop or bracket stays text.
 */
export function LinkedText({ text }: { text: string }) {
  return (
    <>
      {text.split(WEB_ADDRESS).map((piece, i) => {
        if (i % 2 === 0) return piece;
        const address = piece.replace(/[.,;:!?)\]]+$/, "");
        return (
          <span key={i}>
            <a href={address} rel="noopener noreferrer" target="_blank">
              {address}
            </a>
            {piece.slice(address.length)}
          </span>
        );
      })}
    </>
  );
}
