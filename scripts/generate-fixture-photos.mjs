// Draws the demo catalogue's photos (simple illustrated scenes) and writes them as real JPEGs with
// thumbnails into fixtures/photos/{large,thumb}/. Deterministic; no network.
// Usage: node scripts/generate-fixture-photos.mjs   (then commit the images)
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';

const root = new URL('..', import.meta.url).pathname;
const out = join(root, 'fixtures/photos');
const W = 1600;
const H = 1067;

const sky = (top, bottom) => `<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${top}"/><stop offset="1" stop-color="${bottom}"/></linearGradient></defs><rect width="${W}" height="${H}" fill="url(#sky)"/>`;
const ground = (color, y = 780) => `<rect y="${y}" width="${W}" height="${H - y}" fill="${color}"/>`;
const tree = (x, y, s = 1) => `<rect x="${x - 12 * s}" y="${y - 40 * s}" width="${24 * s}" height="${120 * s}" fill="#6b4f32"/><circle cx="${x}" cy="${y - 90 * s}" r="${95 * s}" fill="#3f7d3a"/><circle cx="${x - 60 * s}" cy="${y - 50 * s}" r="${60 * s}" fill="#4b8f45"/>`;
const windows = (x0, y0, cols, rows, w, h, gapX, gapY, fill = '#cfe6f5') =>
  Array.from({ length: cols * rows }, (_, i) => {
    const x = x0 + (i % cols) * (w + gapX);
    const y = y0 + Math.floor(i / cols) * (h + gapY);
    return `<rect x="${x}" y="${y}" width="${w}" height="${h}" fill="${fill}" stroke="#f4f1ea" stroke-width="8"/>`;
  }).join('');

function house(wall, roof, door) {
  return `${sky('#7fb2e5', '#dcecf8')}${ground('#6fa35a')}${tree(200, 800)}${tree(1420, 820, 0.8)}
    <rect x="430" y="420" width="740" height="380" fill="${wall}"/>
    <polygon points="390,430 800,170 1210,430" fill="${roof}"/>
    ${windows(490, 480, 3, 1, 130, 120, 70, 0)}${windows(490, 640, 1, 1, 130, 120, 0, 0)}${windows(1010, 640, 1, 1, 100, 120, 0, 0)}
    <rect x="720" y="610" width="120" height="190" fill="${door}"/><rect x="0" y="800" width="${W}" height="30" fill="#b9b2a3"/>`;
}

function room(wall, floor, accent) {
  return `<rect width="${W}" height="${H}" fill="${wall}"/><polygon points="0,760 ${W},760 ${W},${H} 0,${H}" fill="${floor}"/>
    <rect x="980" y="170" width="420" height="420" fill="#d9ecf7" stroke="#ffffff" stroke-width="24"/><line x1="1190" y1="170" x2="1190" y2="590" stroke="#fff" stroke-width="16"/>
    <rect x="240" y="560" width="560" height="200" rx="30" fill="${accent}"/><rect x="240" y="500" width="560" height="90" rx="30" fill="${accent}" opacity=".85"/>
    <rect x="330" y="780" width="380" height="30" fill="#6b5440" opacity=".6"/><circle cx="1300" cy="700" r="50" fill="#3f7d3a"/>`;
}

function kitchen(wall, cabinets) {
  return `<rect width="${W}" height="${H}" fill="${wall}"/><rect y="800" width="${W}" height="${H - 800}" fill="#bfb6a8"/>
    <rect x="160" y="520" width="1280" height="280" fill="${cabinets}"/><rect x="140" y="500" width="1320" height="30" fill="#e8e4dc"/>
    ${windows(200, 190, 4, 1, 240, 170, 60, 0, cabinets)}<rect x="680" y="380" width="240" height="100" fill="#9aa3a8"/>`;
}

function apartment(facade) {
  return `${sky('#8db9e0', '#e6f0f7')}${ground('#9a9a92', 900)}
    <rect x="360" y="160" width="880" height="740" fill="${facade}"/>${windows(410, 210, 5, 5, 120, 100, 48, 42)}
    <rect x="360" y="140" width="880" height="30" fill="#5d6770"/>${tree(220, 930, 0.9)}`;
}

function garage(door) {
  return `${sky('#9cc3e6', '#eef4f9')}${ground('#8e8e86', 820)}<rect x="420" y="360" width="760" height="460" fill="#d8d2c4"/>
    <polygon points="400,370 800,250 1200,370" fill="#5d6770"/><rect x="520" y="470" width="560" height="350" fill="${door}"/>
    ${Array.from({ length: 7 }, (_, i) => `<line x1="520" x2="1080" y1="${510 + i * 45}" y2="${510 + i * 45}" stroke="#ffffff" stroke-opacity=".35" stroke-width="6"/>`).join('')}`;
}

function plot(field) {
  return `${sky('#8cc0ea', '#f1f6fb')}<rect y="560" width="${W}" height="${H - 560}" fill="${field}"/>
    ${tree(250, 640, 0.7)}${tree(1350, 620, 0.9)}${tree(1500, 650, 0.6)}
    <polyline points="100,1000 500,700 1100,700 1500,1000" fill="none" stroke="#f4f1ea" stroke-width="10" stroke-dasharray="30 20"/>`;
}

function office(glass) {
  return `${sky('#7aa9d6', '#dfeaf5')}${ground('#777f86', 900)}<rect x="300" y="120" width="1000" height="780" fill="#39444d"/>
    ${windows(330, 150, 8, 7, 95, 80, 25, 28, glass)}<rect x="700" y="780" width="200" height="120" fill="#1f262b"/>`;
}

function shop(awning) {
  return `${sky('#9bc4e8', '#eef5fb')}${ground('#a8a39a', 880)}<rect x="240" y="260" width="1120" height="620" fill="#e9e2d6"/>
    <polygon points="220,520 1380,520 1330,600 270,600" fill="${awning}"/><rect x="300" y="620" width="680" height="260" fill="#cfe6f5"/>
    <rect x="1040" y="620" width="220" height="260" fill="#5d4a3a"/>${windows(320, 300, 4, 1, 200, 170, 70, 0)}`;
}

function project(facade, accent) {
  return `${sky('#6fa7dd', '#e3eef8')}${ground('#7fae66', 880)}
    <rect x="180" y="260" width="560" height="620" fill="${facade}"/><rect x="820" y="160" width="600" height="720" fill="${accent}"/>
    ${windows(220, 300, 4, 5, 90, 80, 40, 36)}${windows(860, 200, 4, 6, 100, 80, 42, 30)}${tree(1500, 900, 0.6)}`;
}

function portrait(shirt, skin) {
  return `<rect width="${W}" height="${H}" fill="#e7ecef"/><circle cx="800" cy="420" r="190" fill="${skin}"/>
    <path d="M420 1067 C 440 760, 1160 760, 1180 1067 Z" fill="${shirt}"/>`;
}

const PHOTOS = {
  'house-01': house('#e8dcc8', '#8a3b2e', '#3c5a73'),
  'house-02': house('#f2f0ea', '#3f4a52', '#8a3b2e'),
  'house-03': house('#c9a98a', '#5a4032', '#2f4f3f'),
  'house-04': house('#dcd6cc', '#2f3a40', '#b8893f'),
  'living-01': room('#efe7dc', '#b08b64', '#5b7f95'),
  'living-02': room('#eef1f2', '#c7b299', '#a4573f'),
  'kitchen-01': kitchen('#f3efe7', '#2f4f5f'),
  'kitchen-02': kitchen('#f5f5f2', '#a99c85'),
  'bedroom-01': room('#e9e3f0', '#a98f73', '#d9d4e8'),
  'bedroom-02': room('#f0ece4', '#8f7358', '#c9d7df'),
  'bathroom-01': kitchen('#e4eef2', '#ffffff'),
  'garden-01': plot('#6aa84f'),
  'apartment-01': apartment('#d8cfc2'),
  'apartment-02': apartment('#b9c4cc'),
  'terrace-01': room('#dbe9f5', '#9c8466', '#e8a33d'),
  'garage-01': garage('#5d6770'),
  'garage-02': garage('#8c4a3a'),
  'garage-03': garage('#2f4f3f'),
  'plot-01': plot('#93b665'),
  'plot-02': plot('#b7c46b'),
  'office-01': office('#9ec9e6'),
  'office-02': office('#b8d8c8'),
  'shop-01': shop('#0b5a6b'),
  'project-01': project('#e3ddd2', '#c8d2d8'),
  'project-02': project('#d2c3b0', '#eae6df'),
  'rep-01': portrait('#0b5a6b', '#e0b899'),
  'rep-02': portrait('#39444d', '#c89878'),
};

mkdirSync(join(out, 'large'), { recursive: true });
mkdirSync(join(out, 'thumb'), { recursive: true });
for (const [name, body] of Object.entries(PHOTOS)) {
  const svg = Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">${body}</svg>`);
  await sharp(svg).jpeg({ quality: 72, mozjpeg: true }).toFile(join(out, 'large', `${name}.jpg`));
  await sharp(svg).resize(400, 267).jpeg({ quality: 70, mozjpeg: true }).toFile(join(out, 'thumb', `${name}.jpg`));
}
console.log(`photos: ${Object.keys(PHOTOS).length} scenes in fixtures/photos`);
