// basicLightbox ships no types; this covers the part the lightbox island uses.
declare module 'basiclightbox' {
  export interface BasicLightboxOptions {
    closable?: boolean;
    className?: string;
    onShow?: (instance: BasicLightbox) => boolean | void;
    onClose?: (instance: BasicLightbox) => boolean | void;
  }
  export interface BasicLightbox {
    element(): HTMLElement;
    visible(): boolean;
    show(next?: (instance: BasicLightbox) => void): boolean;
    close(next?: (instance: BasicLightbox) => void): boolean;
  }
  export function create(content: string | HTMLElement, options?: BasicLightboxOptions): BasicLightbox;
  export function visible(element?: HTMLElement): boolean;
}
