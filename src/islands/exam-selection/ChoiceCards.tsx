import { imageLoading } from './catalogue.ts';

/** A grid of cards, each a button named by its title, with an image that falls back when it fails. */
export function ChoiceCards<T extends { _id: string }>({
  label,
  items,
  title,
  image,
  onChoose,
  onImageError,
  note,
}: {
  /** Names the list for screen readers. */
  label: string;
  items: T[];
  title: (item: T) => string;
  image: (item: T, index: number) => string;
  onChoose: (item: T) => void;
  onImageError: (id: string) => void;
  /** A short word under a card's title ("Taken today"), part of the card's name for a screen reader. */
  note?: (item: T) => string | undefined;
}) {
  return (
    <ul className="plain-list choice-grid" aria-label={label}>
      {items.map((item, index) => (
        <li key={item._id}>
          <button type="button" className="tile choice-card" onClick={() => onChoose(item)}>
            {/* The title beside it names the card, so the picture is decorative. */}
            <img
              src={image(item, index)}
              alt=""
              width="96"
              height="96"
              loading={imageLoading(index)}
              decoding="async"
              onError={() => onImageError(item._id)}
            />
            <span className="choice-title">{title(item)}</span>
            {note?.(item) && (
              <span className="choice-note">
                <span className="visually-hidden">, </span>
                {note(item)}
              </span>
            )}
          </button>
        </li>
      ))}
    </ul>
  );
}
