// @vitest-environment jsdom
import '@/lib/i18n.ts';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CaptchaImage } from './captcha-image.tsx';

afterEach(cleanup);

describe('CaptchaImage', () => {
  it('shows the question and asks for a new one when clicked', () => {
    const onRefresh = vi.fn();
    render(
      <CaptchaImage src="data:image/svg+xml;base64,PHN2Zy8+" loading={false} failed={false} onRefresh={onRefresh} />,
    );
    expect(screen.getByAltText('Captcha').getAttribute('src')).toBe('data:image/svg+xml;base64,PHN2Zy8+');
    fireEvent.click(screen.getByRole('button', { name: 'Get a new captcha' }));
    expect(onRefresh).toHaveBeenCalledOnce();
  });

  it('offers a retry when the question could not be loaded', () => {
    render(<CaptchaImage src={undefined} loading={false} failed onRefresh={() => {}} />);
    expect(screen.queryByAltText('Captcha')).toBeNull();
    expect(screen.getByRole('button', { name: 'Captcha unavailable, click to retry' })).toBeTruthy();
  });
});
