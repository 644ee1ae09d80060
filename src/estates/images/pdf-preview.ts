import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { isPdf, MAX_PDF_BYTES } from './image-bytes.js';
import { UndecodableImageError } from './image-encoder.js';

/**
 * The first page is drawn to fit this box (the widest preview variant is 1600 px): the bitmap stays under
 * 2000 x 1400 x 4 bytes (~11 MB) whatever the page's size, an A0 plan included.
 */
export const PAGE_BOX = { width: 2000, height: 1400 } as const;
/** A plan of one page draws in ~0.4 s on one core; a PDF that takes longer than this is given up. */
const RENDER_TIMEOUT_MS = 15_000;
/** The drawing's own heap (pdf.js parses the whole cross-reference table, fonts and images of the page into it). */
const WORKER_HEAP_MB = 256;
/**
 * The largest picture inside the page pdf.js decodes (width x height): an A2 scan at 300 dpi (~35 MP) passes, a
 * decompression bomb does not. Decoded pixels live in ArrayBuffers, which the heap bound above does not count.
 */
const MAX_IMAGE_PIXELS = 40_000_000;

/** pdf.js's files, read from node_modules: nothing is ever fetched from the network. */
const PDFJS_ROOT = dirname(require.resolve('pdfjs-dist/package.json'));
const CANVAS_MODULE = require.resolve('@napi-rs/canvas');

interface RenderRequest {
  readonly bytes: Uint8Array;
  readonly box: { readonly width: number; readonly height: number };
  readonly pdfjs: string;
  readonly canvas: string;
  readonly standardFonts: string;
  readonly cmaps: string;
  readonly wasm: string;
  readonly maxImagePixels: number;
}

type RenderAnswer = { readonly png: Uint8Array; readonly width: number; readonly height: number } | { readonly error: string };

/**
 * The worker's program, plain JavaScript run by Node itself (not compiled: the same text under Jest, `npm start` and
 * the image). pdf.js's legacy build for Node, with @napi-rs/canvas as its canvas: eval off (fonts are not compiled to
 * functions), no font faces and no system fonts (glyphs are drawn as paths from the file's own fonts, the standard 14
 * from pdf.js's own files), no XFA forms, no scripting, no picture over MAX_IMAGE_PIXELS. Page 1 only, on white,
 * scaled to fit the box.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
(async () => {
  const pdfjs = await import(workerData.pdfjs);
  const { createCanvas } = require(workerData.canvas);
  const task = pdfjs.getDocument({
    data: workerData.bytes,
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    enableXfa: false,
    standardFontDataUrl: workerData.standardFonts,
    cMapUrl: workerData.cmaps,
    cMapPacked: true,
    wasmUrl: workerData.wasm,
    maxImageSize: workerData.maxImagePixels,
    stopAtErrors: false,
    verbosity: 0,
  });
  const doc = await task.promise;
  const page = await doc.getPage(1);
  const natural = page.getViewport({ scale: 1 });
  if (!(natural.width > 0 && natural.height > 0)) throw new Error('page 1 has no size');
  const scale = Math.min(workerData.box.width / natural.width, workerData.box.height / natural.height);
  const viewport = page.getViewport({ scale });
  const canvas = createCanvas(Math.max(1, Math.floor(viewport.width)), Math.max(1, Math.floor(viewport.height)));
  const context = canvas.getContext('2d');
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, canvas.width, canvas.height);
  await page.render({ canvasContext: context, canvas, viewport, annotationMode: pdfjs.AnnotationMode.ENABLE }).promise;
  const png = canvas.toBuffer('image/png');
  await doc.destroy();
  parentPort.postMessage({ png, width: canvas.width, height: canvas.height });
})().catch((error) => parentPort.postMessage({ error: String((error && error.message) || error) }));
`;

export interface PdfPage {
  /** Page 1 as a PNG, at most PAGE_BOX. */
  readonly png: Buffer;
  readonly width: number;
  readonly height: number;
}

/**
 * Page 1 of a PDF drawn as a PNG, in a worker thread of its own: pdf.js parses on the thread it runs on, so a big or
 * hostile PDF would hold the site's event loop; the worker's heap is bounded, and it is stopped after
 * RENDER_TIMEOUT_MS whatever it is doing. Throws UndecodableImageError when the file cannot be drawn.
 */
export async function renderFirstPage(bytes: Buffer, timeoutMs = RENDER_TIMEOUT_MS): Promise<PdfPage> {
  if (!isPdf(bytes)) throw new UndecodableImageError('not a PDF');
  if (bytes.length > MAX_PDF_BYTES) throw new UndecodableImageError(`a PDF of ${bytes.length} bytes`);
  const request: RenderRequest = {
    // A copy: the worker gets its own bytes (the caller's buffer may be a slice of a pooled one).
    bytes: new Uint8Array(bytes),
    box: PAGE_BOX,
    pdfjs: pathToFileURL(join(PDFJS_ROOT, 'legacy', 'build', 'pdf.mjs')).href,
    canvas: CANVAS_MODULE,
    standardFonts: join(PDFJS_ROOT, 'standard_fonts') + '/',
    cmaps: join(PDFJS_ROOT, 'cmaps') + '/',
    wasm: join(PDFJS_ROOT, 'wasm') + '/',
    maxImagePixels: MAX_IMAGE_PIXELS,
  };
  const worker = new Worker(WORKER_SOURCE, {
    eval: true,
    workerData: request,
    transferList: [request.bytes.buffer as ArrayBuffer],
    resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB, maxYoungGenerationSizeMb: 32 },
    // Its output is the answer, not the site's logs (pdf.js warns about every odd font).
    stdout: true,
    stderr: true,
  });
  worker.stdout.resume();
  worker.stderr.resume();
  try {
    const answer = await new Promise<RenderAnswer>((resolve, reject) => {
      const timer = setTimeout(() => reject(new UndecodableImageError(`page 1 not drawn within ${timeoutMs} ms`)), timeoutMs);
      const settle = (callback: () => void) => {
        clearTimeout(timer);
        callback();
      };
      worker.once('message', (message: RenderAnswer) => settle(() => resolve(message)));
      worker.once('error', (error) => settle(() => reject(new UndecodableImageError(error.message))));
      worker.once('exit', (code) => settle(() => reject(new UndecodableImageError(`the drawing stopped (exit ${code})`))));
    });
    if ('error' in answer) throw new UndecodableImageError(answer.error);
    return { png: Buffer.from(answer.png), width: answer.width, height: answer.height };
  } finally {
    await worker.terminate();
  }
}
