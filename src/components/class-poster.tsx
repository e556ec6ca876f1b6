// A class's poster, over a designed placeholder (the discipline's colour and icon with the title)
// that stays when the poster is not there yet (a fresh server still making the sample media) or
// failed: the image shows only once it has loaded, so a broken-image icon never does.
import { useLayoutEffect, useRef, useState, type CSSProperties } from 'react';
import { disciplineLook } from '@domain/disciplines';

/** Simple line icons, 24×24, one per seeded discipline; others get the generic one. */
const icons: Record<string, string> = {
  // A figure in a balanced pose.
  yoga: 'M12 4.5a1.5 1.5 0 1 0 0-.01M12 8v6m0-6-5 3m5-3 5 3m-5 3-3 6m3-6 3 6',
  // A lightning bolt.
  hiit: 'M13 3 5 14h6l-1 7 8-11h-6z',
  // A dumbbell.
  strength: 'M3 10v4m3-6v8m0-4h12m0-4v8m3-6v4',
  // A mat with a ring.
  pilates: 'M4 18h16M12 14a4 4 0 1 0 0-8 4 4 0 0 0 0 8',
  // A bicycle.
  cycling: 'M6 17a3 3 0 1 0 0-.01M18 17a3 3 0 1 0 0-.01M6 17l4-7h5l3 7m-8-7-1-3h3',
  // A figure reaching up.
  mobility: 'M12 6a1.5 1.5 0 1 0 0-.01M8 4l4 5 4-5m-4 5v5l-3 6m3-6 3 6',
};
const genericIcon = 'M8 5v14l11-7z';

export interface ClassPosterProps {
  src: string;
  /** The class's title in the page's language, drawn on the placeholder. */
  title: string;
  disciplineId: string;
  width: number;
  height: number;
  lazy?: boolean;
  className?: string;
}

export function ClassPoster({ src, title, disciplineId, width, height, lazy = false, className }: ClassPosterProps) {
  const [state, setState] = useState<'loading' | 'loaded' | 'failed'>('loading');
  const image = useRef<HTMLImageElement>(null);
  // A page drawn before the app started (docs/decisions/050) may have loaded the image before
  // React listened for its load: shown at once, before the browser paints again.
  useLayoutEffect(() => {
    if (image.current?.complete && image.current.naturalWidth > 0) setState('loaded');
  }, []);
  const style = { '--poster-colour': disciplineLook(disciplineId).colour } as CSSProperties;
  return (
    <div className={['class-poster', className].filter(Boolean).join(' ')} style={style} data-poster={state}>
      {state !== 'loaded' && (
        // The title is the card's or the page's heading already: the placeholder only decorates.
        <div className="class-poster__placeholder" aria-hidden="true">
          <svg className="class-poster__icon" viewBox="0 0 24 24" width="48" height="48" focusable="false">
            <path d={icons[disciplineId] ?? genericIcon} />
          </svg>
          <span className="class-poster__title">{title}</span>
        </div>
      )}
      {state !== 'failed' && (
        <img
          ref={image}
          className="class-poster__image"
          src={src}
          alt=""
          loading={lazy ? 'lazy' : undefined}
          width={width}
          height={height}
          onLoad={() => setState('loaded')}
          onError={() => setState('failed')}
        />
      )}
    </div>
  );
}
