import { useStore } from '@nanostores/preact';
import type { QuizImages } from './quiz-images.ts';
import './quiz-image.css';

/** The words of the control that stands in for an image that did not load. */
export const IMAGE_RETRY_TEXT = 'Image did not load. Retry';

interface ImageProps {
  images: QuizImages;
  url: string;
  /** What the image shows, for screen readers; the Retry control's label starts with it too. */
  alt: string;
}

/** True once the image has failed and its Retry control should show. */
function useFailed(images: QuizImages, url: string): boolean {
  return useStore(images.$status)[url] === 'failed';
}

/** The Retry control of a failed image; nothing while the image is fine. */
export function ImageRetry({ images, url, alt }: ImageProps) {
  if (!useFailed(images, url)) return null;
  return (
    <button
      type="button"
      className="image-retry"
      aria-label={`${alt}: image did not load. Retry`}
      onClick={() => images.retry(url)}
    >
      {IMAGE_RETRY_TEXT}
    </button>
  );
}

/**
 * A question's or option's image, served from the page's cache once the paper's images have loaded.
 * A failed image gives way to its Retry control; inside an option, itself a button where no other button
 * may go, `retryHere={false}` leaves nothing and the option places an `ImageRetry` beside itself.
 */
export function QuizImage({
  className,
  retryHere = true,
  ...props
}: ImageProps & { className: string; retryHere?: boolean }) {
  const { images, url, alt } = props;
  if (useFailed(images, url)) return retryHere ? <ImageRetry {...props} /> : null;
  return (
    <img
      className={className}
      src={url}
      alt={alt}
      decoding="async"
      onLoad={() => images.loaded(url)}
      onError={() => images.failed(url)}
    />
  );
}
