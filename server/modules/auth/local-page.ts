/** The local sign-in page: plain HTML, no script, so the strict CSP holds and any script can drive it. */
const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export interface LocalPageInput {
  redirectUri: string;
  state: string;
  email?: string;
  name?: string;
  error?: string;
}

export function localSignInPage(input: LocalPageInput): string {
  const error = input.error ? `<p class="error" role="alert">${escapeHtml(input.error)}</p>` : '';
  return `<!doctype html>
<html lang="ko">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>런치챗 로그인</title>
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<link rel="stylesheet" href="/auth/local/style.css">
</head>
<body>
<main>
<h1>런치챗 로그인</h1>
<p class="hint">학교 이메일과 이름을 입력해 주세요. 이 화면은 Google 로그인이 설정되지 않은 서버의 로컬 로그인이에요.</p>
${error}
<form method="post" action="/auth/local/authorize">
<label for="email">학교 이메일</label>
<input id="email" name="email" type="email" autocomplete="email" required maxlength="254" placeholder="student@catholic.ac.kr" value="${escapeHtml(input.email ?? '')}">
<label for="name">이름</label>
<input id="name" name="name" type="text" autocomplete="name" required maxlength="20" placeholder="홍길동" value="${escapeHtml(input.name ?? '')}">
<input type="hidden" name="redirect_uri" value="${escapeHtml(input.redirectUri)}">
<input type="hidden" name="state" value="${escapeHtml(input.state)}">
<button type="submit">로그인</button>
</form>
</main>
</body>
</html>`;
}

export const LOCAL_PAGE_CSS = `
*{box-sizing:border-box}
body{margin:0;font-family:'Pretendard','Apple SD Gothic Neo','Noto Sans KR',system-ui,sans-serif;background:#f6f7f9;color:#1a1a1a}
main{max-width:420px;margin:0 auto;padding:48px 24px}
h1{font-size:24px;margin:0 0 12px;color:#ff6b2c}
.hint{font-size:14px;color:#555;line-height:1.5;margin:0 0 24px}
.error{background:#fdecea;color:#b3261e;padding:12px;border-radius:8px;font-size:14px}
form{display:flex;flex-direction:column;gap:8px}
label{font-size:14px;font-weight:600;margin-top:8px}
input{font-size:16px;padding:12px;border:1px solid #ccc;border-radius:8px;background:#fff}
input:focus{outline:2px solid #ff6b2c;border-color:transparent}
button{margin-top:20px;font-size:16px;font-weight:700;padding:14px;border:0;border-radius:10px;background:#ff6b2c;color:#fff;cursor:pointer}
`;
