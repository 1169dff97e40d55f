import type { SearchRecord } from '../../schemas/search.ts';

type Partial = Omit<SearchRecord, 'lang' | 'objectID' | 'code' | 'hierarchy'> & {
  code?: string;
  objectID?: string;
  h: [string | null, string | null, ...(string | null)[]];
};

function make(lang: 'en' | 'zh', rows: Partial[]): SearchRecord[] {
  return rows.map(({ h, code, objectID, ...rest }) => ({
    ...rest,
    objectID: objectID ?? rest.url,
    lang,
    code: code ?? '',
    hierarchy: {
      lvl0: h[0] ?? null,
      lvl1: h[1] ?? null,
      lvl2: h[2] ?? null,
      lvl3: h[3] ?? null,
      lvl4: h[4] ?? null,
      lvl5: h[5] ?? null,
      lvl6: h[6] ?? null,
    },
  }));
}

/** A small English docs set shaped like the real site's sections. */
export const enRecords: SearchRecord[] = make('en', [
  {
    url: '/config/lib/auto-external',
    type: 'lvl1',
    h: ['Lib Configurations', 'lib.autoExternal'],
    content: 'Control which dependency groups of package.json Rslib automatically keeps out of the bundle in bundle mode.',
    code: 'type AutoExternal = boolean | { dependencies?: boolean }',
  },
  {
    url: '/config/lib/auto-external#object-type',
    type: 'lvl2',
    h: ['Lib Configurations', 'lib.autoExternal', 'Object type'],
    content: 'Pass an object to choose the dependency groups one by one.',
  },
  {
    url: '/config/lib/auto-external#autoexternaldependencies',
    type: 'lvl3',
    h: ['Lib Configurations', 'lib.autoExternal', 'Object type', 'autoExternal.dependencies'],
    content: 'Externalize the packages listed in dependencies.',
  },
  {
    url: '/config/lib/dts',
    type: 'lvl1',
    h: ['Lib Configurations', 'lib.dts'],
    content: 'Configure the generation of TypeScript declaration files.',
  },
  {
    url: '/config/lib/dts#dtsbundle',
    type: 'lvl2',
    h: ['Lib Configurations', 'lib.dts', 'dts.bundle'],
    content: 'Whether to bundle the declaration files into a single file with API Extractor.',
    code: "export default { lib: [{ dts: { bundle: true } }] }",
  },
  {
    url: '/config/lib/format',
    type: 'lvl1',
    h: ['Lib Configurations', 'lib.format'],
    content: 'Specify the output format: esm, cjs, umd, mf or iife.',
  },
  {
    url: '/guide/start/quick-start',
    type: 'lvl1',
    h: ['Getting Started', 'Quick start'],
    content: 'Create a new Rslib project with create-rslib and the package manager of your choice.',
    code: 'npm create rslib@latest',
  },
  {
    url: '/guide/start/quick-start#templates',
    type: 'lvl2',
    h: ['Getting Started', 'Quick start', 'Templates'],
    content:
      'When creating a project, you can choose from the following templates provided by create-rslib. Each template can be combined with optional tools such as Storybook, Vitest, ESLint and Prettier for linting and formatting of the source code.',
  },
  {
    url: '/guide/advanced/module-federation',
    type: 'lvl1',
    h: ['Advanced', 'Module Federation'],
    content: 'Build a Module Federation remote module with Rslib & share code <script>alert(1)</script>.',
  },
  {
    url: '/guide/basic/cli#rslib-build',
    type: 'lvl2',
    h: ['Basic', 'CLI', 'rslib build'],
    content: 'Build the library for production. Use --watch to rebuild on changes.',
    code: 'npx rslib build --watch',
  },
]);

export const zhRecords: SearchRecord[] = make('zh', [
  {
    url: '/zh/guide/advanced/module-federation',
    type: 'lvl1',
    h: ['进阶', '模块联邦'],
    content: '本章介绍如何使用 Rslib 构建模块联邦格式的产物，供其他应用在运行时加载。',
  },
  {
    url: '/zh/guide/advanced/module-federation#开发-mf-远程模块',
    type: 'lvl2',
    h: ['进阶', '模块联邦', '开发 MF 远程模块'],
    content: '在开发模式下启动远程模块，主应用可以实时加载最新的代码。',
  },
  {
    url: '/zh/config/lib/auto-external',
    type: 'lvl1',
    h: ['Lib 配置', 'lib.autoExternal'],
    content: '控制 Rslib 在 bundle 模式下自动将 package.json 中哪些依赖外部化，不打包进产物。',
  },
  {
    url: '/zh/config/lib/dts',
    type: 'lvl1',
    h: ['Lib 配置', 'lib.dts'],
    content: '配置 TypeScript 类型声明文件的生成方式。',
  },
  {
    url: '/zh/guide/start/quick-start',
    type: 'lvl1',
    h: ['开始', '快速上手'],
    content: '使用 create-rslib 创建一个新的 Rslib 项目，并选择你喜欢的包管理器。',
  },
  {
    url: '/zh/guide/basic/output-format',
    type: 'lvl1',
    h: ['基础', '产物格式'],
    content: 'Rslib 支持 ESM、CJS、UMD、IIFE 和模块联邦等多种产物格式。',
  },
]);

/** A few hundred sections from a small vocabulary, so that terms share prefixes and typos reach far. */
export function generatedRecords(lang: 'en' | 'zh', pages: number, seed = 7): SearchRecord[] {
  const en = 'bundle bundler bundleless output outBase format formats module modules federation declaration dts external externals autoExternal helpers syntax target plugin plugins entry entries source sourcemap asset assets watch build builder config configure'.split(' ');
  const zh = '构建 产物 模块 配置 插件 入口 类型 声明 依赖 格式 输出 打包 语法 资源 联邦 编译'.split(' ');
  const words = lang === 'en' ? en : zh;
  const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648);
  const text = (n: number) => Array.from({ length: n }, () => words[next() % words.length]).join(lang === 'en' ? ' ' : '');
  const records: SearchRecord[] = [];
  for (let p = 0; p < pages; p++) {
    const url = `${lang === 'zh' ? '/zh' : ''}/docs/p${p}`;
    const title = `${text(2)} ${p}`;
    const group = lang === 'en' ? `Group ${p % 4}` : `分组 ${p % 4}`;
    const sections = 1 + (p % 4);
    for (let s = 0; s < sections; s++) {
      const heading = s === 0 ? null : text(2);
      records.push({
        objectID: s === 0 ? url : `${url}#s${s}`,
        url: s === 0 ? url : `${url}#s${s}`,
        lang,
        type: s === 0 ? 'lvl1' : s === 3 ? 'content' : 'lvl2',
        hierarchy: { lvl0: group, lvl1: title, lvl2: s === 0 || s === 3 ? null : heading, lvl3: null, lvl4: null, lvl5: null, lvl6: null },
        content: text(10 + (next() % 30)),
        code: s === 1 ? `export const ${words[next() % words.length]}${p} = true;` : '',
      });
    }
  }
  return records;
}
