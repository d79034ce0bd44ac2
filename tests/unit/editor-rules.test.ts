import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  ALLOWED_SOURCE_TAGS,
  attachmentsReducer,
  checkSourceHtml,
  clampImageWidth,
  cleanPastedHtml,
  COLOR_SWATCHES,
  createMentionSearch,
  dataUrlToFile,
  DEFAULT_LINK_URL,
  EDITOR_MESSAGES,
  findAutolinks,
  findUnsupportedTags,
  formatHtml,
  acceptImportedImageSrc,
  isAcceptableLinkInput,
  isAcceptedImageDataUrl,
  isAllowedFileType,
  isInlineImageFile,
  isLocalFileSrc,
  isValidHexColor,
  isValidLinkUrl,
  isValidTableSize,
  matchMentionQuery,
  MENTION_DEBOUNCE_MS,
  MENTION_MAX_SUGGESTIONS,
  mentionStatus,
  mentionTooltip,
  nextSimulatedProgress,
  normalizeLinkHref,
  parseTableSizeInput,
  progressFromHostReport,
  sanitizeLinkUrl,
  TABLE_DEFAULT_COLUMNS,
  TABLE_DEFAULT_ROWS,
  TABLE_QUICK_GRID_SIZE,
  toSuggestions,
  UPLOAD_MAX_BYTES,
  validateUploadFile,
  type EditorAttachment,
} from '../../src/editor/pure';

describe('link rules', () => {
  it('defaults new links to https:// and the validator accepts it', () => {
    expect(DEFAULT_LINK_URL).toBe('https://');
    expect(isValidLinkUrl('https://')).toBe(true);
  });

  it('accepts http, https and ftp URLs with no whitespace only', () => {
    expect(isValidLinkUrl('https://example.com')).toBe(true);
    expect(isValidLinkUrl('http://example.com/a?b=1#c')).toBe(true);
    expect(isValidLinkUrl('ftp://files.example.com/x.zip')).toBe(true);
    expect(isValidLinkUrl('HTTPS://EXAMPLE.COM')).toBe(true);
    expect(isValidLinkUrl('https://exa mple.com')).toBe(false);
    expect(isValidLinkUrl('https://example.com\n')).toBe(false);
    expect(isValidLinkUrl('mailto:me@example.com')).toBe(false);
    expect(isValidLinkUrl('example.com')).toBe(false);
    expect(isValidLinkUrl('javascript:alert(1)')).toBe(false);
    expect(isValidLinkUrl('')).toBe(false);
  });

  it('keeps http, https, mailto, sms and tel hrefs and turns other protocols into about:blank', () => {
    for (const href of ['https://example.com', 'http://example.com', 'mailto:me@example.com', 'sms:+15551234', 'tel:+15551234']) {
      expect(sanitizeLinkUrl(href)).toBe(href);
    }
    for (const href of ['javascript:alert(1)', 'JavaScript:alert(1)', 'ftp://files.example.com', 'data:text/html,<b>x</b>', 'file:///etc/passwd', 'vbscript:msgbox']) {
      expect(sanitizeLinkUrl(href)).toBe('about:blank');
    }
    // Not an absolute URL: nothing can run, kept as typed.
    expect(sanitizeLinkUrl('/relative/path')).toBe('/relative/path');
  });

  it('prepends https:// to URLs without a protocol', () => {
    expect(normalizeLinkHref('example.com')).toBe('https://example.com');
    expect(normalizeLinkHref('  www.example.com/a?b=1 ')).toBe('https://www.example.com/a?b=1');
    expect(normalizeLinkHref('localhost:3000/x')).toBe('https://localhost:3000/x');
    expect(normalizeLinkHref('//cdn.example.com/a')).toBe('https://cdn.example.com/a');
    expect(normalizeLinkHref('http://example.com')).toBe('http://example.com');
    expect(normalizeLinkHref('mailto:me@example.com')).toBe('mailto:me@example.com');
    expect(normalizeLinkHref('tel:+15551234')).toBe('tel:+15551234');
    expect(normalizeLinkHref('javascript:alert(1)')).toBe('about:blank');
    expect(normalizeLinkHref('ftp://files.example.com')).toBe('about:blank');
  });

  it('accepts link editor input only when it is non-empty with no whitespace', () => {
    expect(isAcceptableLinkInput('example.com')).toBe(true);
    expect(isAcceptableLinkInput('   ')).toBe(false);
    expect(isAcceptableLinkInput('exa mple.com')).toBe(false);
  });
});

describe('autolinks', () => {
  it('finds web URLs with a scheme or www.', () => {
    expect(findAutolinks('see www.example.com now')).toEqual([{ start: 4, end: 19, text: 'www.example.com', href: 'https://www.example.com' }]);
    const [match] = findAutolinks('visit https://example.com/path?x=1.');
    expect(match).toMatchObject({ text: 'https://example.com/path?x=1', href: 'https://example.com/path?x=1' });
    expect(findAutolinks('http://example.org')[0]?.href).toBe('http://example.org');
  });

  it('turns e-mail addresses into mailto: links', () => {
    expect(findAutolinks('write to me@example.com today')).toEqual([{ start: 9, end: 23, text: 'me@example.com', href: 'mailto:me@example.com' }]);
  });

  it('ignores words that only look like URLs', () => {
    expect(findAutolinks('example.com')).toEqual([]);
    expect(findAutolinks('foowww.example.com')).toEqual([]);
    expect(findAutolinks('no links here')).toEqual([]);
  });
});

describe('colours', () => {
  it('has a palette of 15 distinct valid swatches', () => {
    expect(COLOR_SWATCHES).toHaveLength(15);
    expect(new Set(COLOR_SWATCHES).size).toBe(15);
    for (const swatch of COLOR_SWATCHES) expect(isValidHexColor(swatch)).toBe(true);
  });

  it('applies hex input only when it is # plus 6 hex digits', () => {
    expect(isValidHexColor('#a1B2c3')).toBe(true);
    expect(isValidHexColor('#abc')).toBe(false);
    expect(isValidHexColor('a1b2c3')).toBe(false);
    expect(isValidHexColor('#a1b2c3d4')).toBe(false);
    expect(isValidHexColor('#ggg000')).toBe(false);
    expect(isValidHexColor(' #a1b2c3')).toBe(false);
  });
});

describe('images', () => {
  it('accepts only jpeg, jpg, png and gif data URLs', () => {
    for (const type of ['jpeg', 'jpg', 'png', 'gif', 'PNG']) expect(isAcceptedImageDataUrl(`data:image/${type};base64,AAAA`)).toBe(true);
    expect(isAcceptedImageDataUrl('data:image/svg+xml;base64,AAAA')).toBe(false);
    expect(isAcceptedImageDataUrl('data:image/webp;base64,AAAA')).toBe(false);
    expect(isAcceptedImageDataUrl('data:text/html;base64,AAAA')).toBe(false);
    expect(isAcceptedImageDataUrl('https://example.com/a.png')).toBe(false);
  });

  it('ignores local-file images on import and keeps uploaded (cid) ones', () => {
    expect(isLocalFileSrc('file:///C:/Users/me/a.png')).toBe(true);
    expect(isLocalFileSrc('FILE://host/a.png')).toBe(true);
    expect(isLocalFileSrc('https://example.com/file:/a.png')).toBe(false);
    expect(acceptImportedImageSrc('file:///C:/a.png', 'cid-1')).toBe(false);
    expect(acceptImportedImageSrc('file:///C:/a.png', null)).toBe(false);
    expect(acceptImportedImageSrc('https://signed.example.com/a', 'cid-1')).toBe(true);
    expect(acceptImportedImageSrc('https://example.com/a.png', null)).toBe(false);
    expect(acceptImportedImageSrc('data:image/gif;base64,R0lGOD', null)).toBe(true);
    expect(acceptImportedImageSrc('data:image/svg+xml;base64,AAAA', null)).toBe(false);
  });

  it('resizes between 100 px and the editor width minus 20', () => {
    expect(clampImageWidth(50, 800)).toBe(100);
    expect(clampImageWidth(500, 800)).toBe(500);
    expect(clampImageWidth(2000, 800)).toBe(780);
    expect(clampImageWidth(780, 800)).toBe(780);
    expect(clampImageWidth(781, 800)).toBe(780);
    expect(clampImageWidth(300, 90)).toBe(100);
  });

  it('decodes accepted data URLs into files for the host upload', () => {
    const file = dataUrlToFile('data:image/png;base64,AQID');
    expect(file?.size).toBe(3);
    expect(file?.type).toBe('image/png');
    expect(file?.name).toMatch(/\.png$/);
    expect(dataUrlToFile('data:image/svg+xml;base64,AQID')).toBeNull();
  });

  it('accepts only image types for inline drops', () => {
    expect(isInlineImageFile({ name: 'a.png', type: 'image/png' })).toBe(true);
    expect(isInlineImageFile({ name: 'photo.JPG', type: '' })).toBe(true);
    expect(isInlineImageFile({ name: 'a.svg', type: 'image/svg+xml' })).toBe(false);
    expect(isInlineImageFile({ name: 'a.txt', type: 'text/plain' })).toBe(false);
  });
});

describe('upload rules', () => {
  const file = (size: number, name = 'a.png', type = 'image/png') => ({ name, size, type });

  it('requires at least 1 byte', () => {
    expect(validateUploadFile(file(0), ['image/png'])).toBe('Minimum file size is 1 byte');
    expect(validateUploadFile(file(1), ['image/png'])).toBeNull();
  });

  it('allows at most 20 MiB', () => {
    expect(UPLOAD_MAX_BYTES).toBe(20 * 1024 * 1024);
    expect(validateUploadFile(file(20 * 1024 * 1024), ['image/png'])).toBeNull();
    expect(validateUploadFile(file(20 * 1024 * 1024 + 1), ['image/png'])).toBe('Maximum file size is 20 MiB');
  });

  it('requires an allowed mime type or extension', () => {
    expect(isAllowedFileType({ name: 'a.PDF', type: '' }, ['.pdf'])).toBe(true);
    expect(isAllowedFileType({ name: 'a.txt', type: 'text/plain' }, ['txt'])).toBe(true);
    expect(isAllowedFileType({ name: 'x', type: 'image/gif' }, ['image/*'])).toBe(true);
    expect(isAllowedFileType({ name: 'a.exe', type: 'application/x-msdownload' }, ['image/*', '.pdf'])).toBe(false);
    expect(validateUploadFile(file(10, 'a.exe', 'application/x-msdownload'), ['image/*'])).toBe(EDITOR_MESSAGES.unsupportedFileType);
  });
});

describe('attachment tray progress', () => {
  it('animates toward about 90 percent and never passes it on its own', () => {
    let progress = 0;
    const seen: number[] = [];
    for (let i = 0; i < 300; i++) {
      const next = nextSimulatedProgress(progress);
      expect(next).toBeGreaterThanOrEqual(progress);
      progress = next;
      seen.push(progress);
    }
    expect(Math.max(...seen)).toBe(90);
    expect(seen[0]).toBeGreaterThan(0);
  });

  it('reaches 99 when the host reports all bytes sent, and never goes back', () => {
    expect(progressFromHostReport(50, 100)).toBe(99);
    expect(progressFromHostReport(30, 95)).toBe(90);
    expect(progressFromHostReport(10, 40)).toBe(40);
    expect(progressFromHostReport(60, 40)).toBe(60);
    expect(progressFromHostReport(99, 50)).toBe(99);
  });

  it('adds on insert, completes at 100 with the content id under the configured key, removes on failure or delete', () => {
    const f = { name: 'a.txt', size: 10, type: 'text/plain' };
    let items: EditorAttachment[] = attachmentsReducer([], { type: 'add', id: 'a', file: f });
    items = attachmentsReducer(items, { type: 'add', id: 'b', file: f });
    items = attachmentsReducer(items, { type: 'add', id: 'c', file: f });
    expect(items.map((i) => i.progress)).toEqual([0, 0, 0]);
    for (let i = 0; i < 100; i++) items = attachmentsReducer(items, { type: 'tick' });
    expect(items.every((i) => i.progress === 90)).toBe(true);
    items = attachmentsReducer(items, { type: 'progress', id: 'a', percent: 100 });
    expect(items[0]?.progress).toBe(99);
    items = attachmentsReducer(items, { type: 'complete', id: 'a', response: { contentId: 'cid-a' }, contentIdKey: 'contentId' });
    expect(items[0]).toMatchObject({ progress: 100, contentId: 'cid-a' });
    items = attachmentsReducer(items, { type: 'complete', id: 'b', response: { token: 't-b', contentId: 'wrong' }, contentIdKey: 'token' });
    expect(items[1]).toMatchObject({ progress: 100, contentId: 't-b' });
    items = attachmentsReducer(items, { type: 'fail', id: 'c' });
    expect(items.map((i) => i.id)).toEqual(['a', 'b']);
    items = attachmentsReducer(items, { type: 'remove', id: 'a' });
    expect(items.map((i) => i.id)).toEqual(['b']);
  });
});

describe('mention query bounds', () => {
  it('triggers on @ with at least 1 character', () => {
    expect(matchMentionQuery('@')).toBeNull();
    expect(matchMentionQuery('@a')).toEqual({ query: 'a', start: 0 });
    expect(matchMentionQuery('hello @jo')).toEqual({ query: 'jo', start: 6 });
    expect(matchMentionQuery('(@bob')).toEqual({ query: 'bob', start: 1 });
  });

  it('needs @ at a word start and a query that starts with a letter or digit', () => {
    expect(matchMentionQuery('email@example')).toBeNull();
    expect(matchMentionQuery('@ jo')).toBeNull();
    expect(matchMentionQuery('@.jo')).toBeNull();
    expect(matchMentionQuery('@jo  x')).toBeNull();
  });

  it('allows 50 characters for a single word and 75 for a name with spaces', () => {
    expect(matchMentionQuery(`@${'a'.repeat(50)}`)?.query).toHaveLength(50);
    expect(matchMentionQuery(`@${'a'.repeat(51)}`)).toBeNull();
    const name75 = `${'b'.repeat(37)} ${'c'.repeat(37)}`;
    expect(name75).toHaveLength(75);
    expect(matchMentionQuery(`@${name75}`)?.query).toBe(name75);
    expect(matchMentionQuery(`@${name75}d`)).toBeNull();
  });

  it('shows at most 5 suggestions, read with the configured keys', () => {
    const results = Array.from({ length: 8 }, (_, i) => ({ uid: i + 1, fullName: `User ${i + 1}` }));
    const suggestions = toSuggestions(results, { id: 'uid', label: 'fullName' });
    expect(MENTION_MAX_SUGGESTIONS).toBe(5);
    expect(suggestions).toHaveLength(5);
    expect(suggestions[0]).toMatchObject({ id: '1', label: 'User 1', deleted: false, permitted: true });
    const flagged = toSuggestions([{ id: 'x', name: 'Gone', deleted: true }, { id: 'y', name: 'Hidden', permitted: false }, { name: 'no id' }]);
    expect(flagged.map((s) => [s.id, s.deleted, s.permitted])).toEqual([
      ['x', true, true],
      ['y', false, false],
    ]);
  });

  it('gives tooltips for deleted, not-permitted and unknown users', () => {
    expect(mentionStatus({ label: 'Ann', metadata: { deleted: true } })).toBe('deleted');
    expect(mentionStatus({ label: 'Ann', metadata: { permitted: false } })).toBe('notPermitted');
    expect(mentionStatus({ label: null, metadata: null })).toBe('unknown');
    expect(mentionStatus({ label: 'Ann', metadata: null })).toBe('ok');
    expect(mentionTooltip('deleted')).toBe(EDITOR_MESSAGES.mentionDeleted);
    expect(mentionTooltip('notPermitted')).toBe(EDITOR_MESSAGES.mentionNotPermitted);
    expect(mentionTooltip('unknown')).toBe(EDITOR_MESSAGES.mentionUnknown);
    expect(mentionTooltip('ok')).toBeNull();
  });
});

describe('mention search', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('debounces 500 ms, keeps only the latest query, and caches results per query', async () => {
    vi.useFakeTimers();
    const fetcher = vi.fn(async (query: string) => [{ id: query, name: query.toUpperCase() }]);
    const search = createMentionSearch(fetcher);
    const delivered: string[] = [];
    const onResults = (items: { label: string }[], query: string) => delivered.push(`${query}:${items.map((i) => i.label).join(',')}`);

    search.search('j', onResults);
    await vi.advanceTimersByTimeAsync(200);
    search.search('jo', onResults);
    await vi.advanceTimersByTimeAsync(MENTION_DEBOUNCE_MS - 1);
    expect(fetcher).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(fetcher).toHaveBeenCalledTimes(1);
    expect(fetcher).toHaveBeenCalledWith('jo');
    expect(delivered).toEqual(['jo:JO']);

    // A cached query answers at once, without asking the host again.
    search.search('jo', onResults);
    expect(delivered).toEqual(['jo:JO', 'jo:JO']);
    expect(fetcher).toHaveBeenCalledTimes(1);
    expect(search.cacheSize).toBe(1);
  });
});

describe('tables', () => {
  it('allows rows 1 to 50 and columns 1 to 10', () => {
    expect(isValidTableSize(1, 1)).toBe(true);
    expect(isValidTableSize(50, 10)).toBe(true);
    expect(isValidTableSize(0, 5)).toBe(false);
    expect(isValidTableSize(51, 5)).toBe(false);
    expect(isValidTableSize(5, 0)).toBe(false);
    expect(isValidTableSize(5, 11)).toBe(false);
    expect(isValidTableSize(2.5, 3)).toBe(false);
  });

  it("disables the 'Insert table' modal's Insert button for anything else; defaults 5 and 5; grid 6x6", () => {
    expect([TABLE_DEFAULT_ROWS, TABLE_DEFAULT_COLUMNS, TABLE_QUICK_GRID_SIZE]).toEqual([5, 5, 6]);
    expect(parseTableSizeInput(String(TABLE_DEFAULT_ROWS), String(TABLE_DEFAULT_COLUMNS)).valid).toBe(true);
    expect(parseTableSizeInput('50', '10')).toEqual({ rows: 50, columns: 10, valid: true });
    expect(parseTableSizeInput(' 7 ', '3').valid).toBe(true);
    expect(parseTableSizeInput('', '5').valid).toBe(false);
    expect(parseTableSizeInput('5a', '5').valid).toBe(false);
    expect(parseTableSizeInput('51', '5').valid).toBe(false);
    expect(parseTableSizeInput('5', '11').valid).toBe(false);
    expect(parseTableSizeInput('-1', '5').valid).toBe(false);
  });
});

describe('source mode', () => {
  it('allows exactly the spec tags', () => {
    const all = ALLOWED_SOURCE_TAGS.map((tag) => `<${tag}></${tag}>`).join('');
    expect(findUnsupportedTags(all)).toEqual([]);
    expect(ALLOWED_SOURCE_TAGS).toHaveLength(32);
    expect(findUnsupportedTags('<P>a</P><DIV></DIV><br/><img src="x">')).toEqual([]);
  });

  it('lists unsupported tags once, in order, ignoring comments and doctype', () => {
    const html = '<!DOCTYPE html><!-- <iframe> --><p>a</p><script>x</script><iframe src="x"></iframe><SCRIPT></SCRIPT><thead></thead><h5>t</h5>';
    expect(findUnsupportedTags(html)).toEqual(['script', 'iframe', 'thead', 'h5']);
  });

  it('refuses to leave with unsupported elements, with the spec warning', () => {
    expect(checkSourceHtml('<p><strong>fine</strong></p>')).toEqual({ ok: true });
    const check = checkSourceHtml('<p>a</p><video></video><form></form>');
    expect(check).toEqual({
      ok: false,
      unsupported: ['video', 'form'],
      title: 'Unsupported HTML elements',
      message: 'This content contains the following unsupported HTML elements: video, form',
    });
  });

  it('formats HTML as one block per line with nested indentation, keeping pre content', () => {
    expect(formatHtml('<ul><li><p>a</p></li></ul><p>Hello <strong>big</strong> world</p>')).toBe(
      '<ul>\n  <li>\n    <p>a</p>\n  </li>\n</ul>\n<p>Hello <strong>big</strong> world</p>',
    );
    expect(formatHtml('<pre><code>a\n  b</code></pre><p>x</p>')).toBe('<pre><code>a\n  b</code></pre>\n<p>x</p>');
  });
});

describe('pasted word-processor HTML', () => {
  const word = `<html xmlns:o="urn:schemas-microsoft-com:office:office"><head><meta name=Generator content="Microsoft Word 15"><style>p.MsoNormal{margin:0}</style></head><body lang=EN-US>
<!--StartFragment--><p class=MsoNormal style='margin-bottom:0in;mso-line-height-alt:12pt'><b><span style='font-size:14.0pt;mso-bidi-font-family:Arial;color:red'>Title</span></b><o:p></o:p></p>
<p class=MsoListParagraphCxSpFirst style='text-indent:-.25in;mso-list:l0 level1 lfo1'><![if !supportLists]><span style='mso-list:Ignore'>·<span style='font:7.0pt "Times New Roman"'>&nbsp;&nbsp; </span></span><![endif]>One<o:p></o:p></p>
<p class=MsoListParagraphCxSpLast style='text-indent:-.25in;mso-list:l0 level1 lfo1'><![if !supportLists]><span style='mso-list:Ignore'>·<span>&nbsp; </span></span><![endif]>Two<o:p></o:p></p><!--EndFragment--></body></html>`;

  it('removes Office markup, comments and mso styles but keeps real formatting', () => {
    const cleaned = cleanPastedHtml(word);
    for (const junk of ['Mso', 'mso-', '<o:p', '<!--', '<style', '<meta', '<html', '<body', '<head', 'lang=', 'supportLists', 'endif']) {
      expect(cleaned).not.toContain(junk);
    }
    expect(cleaned).toContain('<b><span style="font-size:14.0pt; color:red">Title</span></b>');
    expect(findUnsupportedTags(cleaned)).toEqual([]);
  });

  it("turns Word's list paragraphs into lists", () => {
    expect(cleanPastedHtml(word)).toContain('<ul><li><p>One</p></li><li><p>Two</p></li></ul>');
    const ordered = word.replace(/·/g, '1.');
    expect(cleanPastedHtml(ordered)).toContain('<ol><li><p>One</p></li><li><p>Two</p></li></ol>');
  });

  it("unwraps Google Docs' non-bold wrapper", () => {
    const docs = '<meta charset="utf-8"><b style="font-weight:normal;" id="docs-internal-guid-abc123"><p dir="ltr"><span style="font-weight:700">Bold</span></p></b>';
    const cleaned = cleanPastedHtml(docs);
    expect(cleaned).not.toContain('docs-internal-guid');
    expect(cleaned).not.toContain('<b');
    expect(cleaned).not.toContain('<meta');
    expect(cleaned).toContain('<span style="font-weight:700">Bold</span>');
  });

  it('leaves ordinary HTML alone apart from comments', () => {
    expect(cleanPastedHtml('<!--StartFragment--><p class="x" style="margin:0">a</p><!-- c -->')).toBe('<p class="x" style="margin:0">a</p>');
  });
});
