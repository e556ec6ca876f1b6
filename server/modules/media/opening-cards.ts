// What a sample class shows of itself (docs/decisions/059): its opening segment's title card and
// its poster, in each language, drawn by ffmpeg on its discipline's colour: the discipline's name,
// the class's title and its instructor, like the cards the app draws.
import { existsSync } from 'node:fs';
import { disciplineLook } from '@domain/disciplines';
import type { LocalizedText } from '@server/db/schema';
import { drawable, escaped, fontFile } from './samples';

/** The languages a sample class opens in (the app's). */
export const openingLanguages = ['en', 'es'] as const;
export type OpeningLanguage = (typeof openingLanguages)[number];

/** The font the cards are drawn in, and whether it has accented letters. */
export interface CardFont {
  file: string;
  accents: boolean;
}

/** A system font with accented letters where there is one (DejaVu, on most Linux machines), KaTeX's otherwise. */
const ACCENTED_FONTS = ['/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf', '/usr/share/fonts/TTF/DejaVuSans-Bold.ttf', '/System/Library/Fonts/Supplemental/Arial Bold.ttf'];

export function cardFont(): CardFont | null {
  const accented = ACCENTED_FONTS.find((file) => existsSync(file));
  if (accented) return { file: accented, accents: true };
  const file = fontFile();
  return file ? { file, accents: false } : null;
}

/** What a class's card shows. */
export interface ClassCard {
  title: LocalizedText;
  instructor: string;
  disciplineId: string;
  discipline: LocalizedText;
}

/** A title as the clips' font and drawtext can draw it: "5×5" as "5x5", and a comma or colon as a dash. */
export function cardTitle(title: string, accents = false): string {
  return drawable(title.replace(/×/g, 'x').replace(/\s*[,:;]\s+/g, ' - '), accents);
}

/** A size that keeps `text` within `width` (the font's letters are about 0.55 em wide). */
function fitting(text: string, largest: number, width: number): number {
  return Math.max(Math.round(largest / 3), Math.min(largest, Math.floor((width * 0.9) / (Math.max(1, text.length) * 0.55))));
}

/** The card's words and rule at `width`×`height`, shown while `enable` holds. */
function cardLayers(card: ClassCard, language: OpeningLanguage, width: number, height: number, font: CardFont | null): string[] {
  const accents = font?.accents ?? false;
  const title = cardTitle(card.title[language], accents);
  const size = (share: number) => Math.max(8, Math.round(height * share));
  const text = (value: string, fontSize: number, x: string, y: string) =>
    `drawtext=fontfile=${escaped(font?.file ?? '')}:fontsize=${fontSize}:fontcolor=white:x=${x}:y=${y}:text='${value}'`;
  const words = font
    ? [
        text(drawable(card.discipline[language], accents).toUpperCase(), size(0.047), 'w*0.06', 'h*0.1'),
        text(title, fitting(title, size(0.117), width), '(w-tw)/2', '(h-th)/2-h*0.06'),
        text(drawable(card.instructor, accents), size(0.061), '(w-tw)/2', 'h*0.6'),
      ]
    : [];
  // A short white rule under the instructor's name.
  return [`drawbox=x=iw*0.42:y=ih*0.72:w=iw*0.16:h=${Math.max(2, Math.round(height / 120))}:color=white@0.6:t=fill`, ...words];
}

const colourOf = (card: ClassCard) => disciplineLook(card.disciplineId).colour.replace('#', '0x');

/** The opening segment's picture: the card for one segment, a square flashing like a metronome in its corner. */
export function openingPicture(card: ClassCard, language: OpeningLanguage, width: number, height: number, settings: { segmentSeconds: number; frameRate: number }, font: CardFont | null) {
  const graph = [
    `color=c=${colourOf(card)}:s=${width}x${height}:r=${settings.frameRate}:d=${settings.segmentSeconds}`,
    ...cardLayers(card, language, width, height, font),
    "drawbox=x=iw*0.92:y=ih*0.07:w=ih*0.05:h=ih*0.05:color=white:t=fill:enable='lt(mod(t\\,1)\\,0.12)'",
  ].join(',');
  const beep = `aevalsrc=0.3*sin(2*PI*880*t)*exp(-40*mod(t\\,1)):s=48000:d=${settings.segmentSeconds}`;
  return { args: ['-f', 'lavfi', '-i', graph, '-f', 'lavfi', '-i', beep], videoMap: '0:v:0', audioMap: '1:a:0' };
}

/** The poster's filtergraph (one 1280×720 frame). */
export function posterPicture(card: ClassCard, language: OpeningLanguage, font: CardFont | null): string {
  return [`color=c=${colourOf(card)}:s=1280x720:d=1`, ...cardLayers(card, language, 1280, 720, font)].join(',');
}
