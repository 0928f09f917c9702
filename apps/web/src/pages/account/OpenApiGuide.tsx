import { Constants, OPEN_API_PREFIX } from '@odp/contracts';
import { Collapse, Typography } from 'antd';

const SIGN_SAMPLE = `// Node.js 示例：签名调用（有条件开放数据须签名）
import { createHmac, randomUUID } from 'node:crypto';

const path = '${Constants.apiBase}${OPEN_API_PREFIX}/datasets/<数据集ID>/rows';
const query = new URLSearchParams({ limit: '10' });
const timestamp = String(Date.now());
const nonce = randomUUID().replaceAll('-', '');
// 查询参数按名称、再按取值排序，各自 encodeURIComponent 后以 & 连接
const canonical = [...query].sort(([a, x], [b, y]) => (a === b ? (x < y ? -1 : 1) : a < b ? -1 : 1))
  .map(([k, v]) => \`\${encodeURIComponent(k)}=\${encodeURIComponent(v)}\`).join('&');
const text = ['GET', path, canonical, timestamp, nonce].join('\\n');
const signature = createHmac('sha256', APP_SECRET).update(text).digest('hex');

await fetch(\`\${origin}\${path}?\${query}\`, {
  headers: { 'X-App-Key': APP_KEY, 'X-Timestamp': timestamp, 'X-Nonce': nonce, 'X-Signature': signature },
});`;

/** How to call the open data API with an application's key, folded by default. */
export function OpenApiGuide() {
  return (
    <Collapse
      className="open-api-guide"
      items={[
        {
          key: 'guide',
          label: '调用说明',
          children: (
            <div className="open-api-guide-body">
              <p>
                数据接口地址：
                <Typography.Text code>
                  {window.location.origin}
                  {Constants.apiBase}
                  {OPEN_API_PREFIX}/datasets
                </Typography.Text>
                ，每个数据集的接口、参数与在线调试见门户数据目录详情页的“API 接口”页签。
              </p>
              <ul>
                <li>无条件开放数据可匿名调用（按来源地址计配额）；请求头带 X-App-Key 时按应用计，配额更高。</li>
                <li>
                  有条件开放数据须经开放申请获批、授权给应用后，以 X-App-Key、X-Timestamp（毫秒）、X-Nonce（每次不同）与
                  X-Signature（HMAC-SHA256）签名调用；时间戳须在 5 分钟内，同一 X-Nonce 不能重复使用。
                </li>
                <li>每个应答都带 X-RateLimit-Limit / Remaining / Reset；超出配额返回 429 与 Retry-After。</li>
              </ul>
              <pre className="open-api-code">{SIGN_SAMPLE}</pre>
            </div>
          ),
        },
      ]}
    />
  );
}
