import { renderToStaticMarkup } from 'react-dom/server';
import { Alert } from './alert.js';
import { Modal, type ModalProps } from './modal.js';

const props: Omit<ModalProps, 'children'> = {
  id: 'extra-info',
  title: 'Ask for more information',
  openLabel: 'Ask',
  closeLabel: 'Close',
  successText: 'Thank you',
  failureText: 'Not sent',
};
const render = (extra: Partial<ModalProps> = {}) =>
  renderToStaticMarkup(
    <Modal {...props} {...extra}>
      <form action="/x" method="post" />
    </Modal>,
  );

describe(Modal.name, () => {
  it('opens from a link that targets the dialog', () => {
    expect(render()).toContain('<a class="button modal-block__open" href="#extra-info" data-modal-open="" aria-controls="extra-info">Ask</a>');
  });

  it('names the dialog by its title', () => {
    expect(render()).toContain('<dialog id="extra-info" class="modal" aria-labelledby="extra-info-title">');
    expect(render()).toContain('id="extra-info-title"');
  });

  it('keeps the success alert outside the dialog, hidden unless the no-JS flow came back', () => {
    const html = render();
    expect(html.indexOf('data-modal-success')).toBeLessThan(html.indexOf('<dialog'));
    expect(html).toMatch(/class="alert alert--success" role="status" hidden="" data-modal-success=""/);
    expect(render({ successVisible: true })).toMatch(/class="alert alert--success" role="status" data-modal-success=""/);
  });

  it('has a hidden danger alert inside the dialog that says the message was not sent', () => {
    const html = render();
    const danger = /<div class="alert alert--danger"[^>]*>(.*?)<\/div><\/div>/.exec(html)!;
    expect(html.indexOf('data-modal-error')).toBeGreaterThan(html.indexOf('<dialog'));
    expect(danger[0]).toContain('hidden=""');
    expect(danger[1]!.replace(/<svg.*<\/svg>/, '')).toBe('<div class="alert__text">Not sent');
  });

  it('contains the form it is given', () => {
    expect(render()).toContain('<form action="/x" method="post"></form>');
  });
});

describe(Alert.name, () => {
  it('interrupts for danger and speaks politely otherwise', () => {
    expect(renderToStaticMarkup(<Alert variant="danger" />)).toContain('role="alert"');
    expect(renderToStaticMarkup(<Alert variant="success">Done</Alert>)).toContain('role="status"');
  });

  it('carries the data attributes islands look for', () => {
    expect(renderToStaticMarkup(<Alert variant="info" data={{ 'modal-error': '' }} />)).toContain('data-modal-error=""');
  });
});
