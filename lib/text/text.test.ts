import { describe, expect, it } from 'vitest';
import { CONTROL_CHARACTER, nameText, promptText, searchText } from '.';

// Every control character (C0, DEL, C1: 65 of them) through each kind of text.
const controls = [...Array.from({ length: 0x20 }, (_, i) => i), 0x7f, ...Array.from({ length: 0x20 }, (_, i) => 0x80 + i)].map((code) =>
  String.fromCharCode(code),
);

const refused = (result: { success: boolean; error?: { issues: Array<{ message: string }> } }) =>
  !result.success && result.error!.issues.some((issue) => issue.message === CONTROL_CHARACTER);

describe('the text rule', () => {
  it('covers 65 control characters', () => expect(controls).toHaveLength(65));

  it('a prompt keeps tab and line feed, turns CR and CRLF into line feeds, and refuses every other control', () => {
    const prompt = promptText();
    for (const c of controls) {
      const result = prompt.safeParse(`a${c}b`);
      if (c === '\t' || c === '\n') expect(result).toEqual({ success: true, data: `a${c}b` });
      else if (c === '\r') expect(result).toEqual({ success: true, data: 'a\nb' });
      else expect(refused(result), `U+${c.charCodeAt(0).toString(16).padStart(4, '0')}`).toBe(true);
    }
    expect(prompt.parse('one\r\ntwo\rthree\n\nfour')).toBe('one\ntwo\nthree\n\nfour');
  });

  it('a name refuses every control, line ends and tabs included', () => {
    const name = nameText();
    for (const c of controls) expect(refused(name.safeParse(`a${c}b`)), `U+${c.charCodeAt(0).toString(16)}`).toBe(true);
    expect(refused(name.safeParse('a\r\nb'))).toBe(true);
    expect(name.parse('海边的灯塔 · Team ✓')).toBe('海边的灯塔 · Team ✓');
  });

  it('a search drops them and still answers (line ends and tabs become spaces)', () => {
    const search = searchText();
    for (const c of controls) expect(search.parse(`a${c}b`)).toBe(/[\t\n\r]/.test(c) ? 'a b' : 'ab');
    expect(search.parse('sea\r\nlight')).toBe('sea  light');
  });

  it('keeps what is not a control: U+00A0 and beyond, emoji, CJK', () => {
    for (const schema of [promptText(), nameText(), searchText()]) expect(schema.parse('\u00a0灯塔 🌊 é')).toBe('\u00a0灯塔 🌊 é');
  });

  it('chains with the usual checks after it', () => {
    const schema = promptText().trim().min(1).max(5);
    expect(schema.safeParse('   ').success).toBe(false);
    expect(schema.parse('  ab\r\n ')).toBe('ab');
  });
});
