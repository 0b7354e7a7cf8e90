/**
 * ESLint's share of the module boundaries (the full check is dependency-cruiser's, see
 * .dependency-cruiser.cjs): a file that starts with "use client", or any file in components/,
 * may not import the database layer, the route layer or the server-only marker. It catches the
 * mistake in the editor, before the boundary check runs.
 */
const FORBIDDEN = [
  { pattern: /^@\/db(\/|$)/, what: "the database layer" },
  { pattern: /^@\/lib\/http(\/|$)/, what: "the route layer" },
  { pattern: /^server-only$/, what: "a server-only module" },
];

function isUseClient(program) {
  const first = program.body[0];
  return first?.type === "ExpressionStatement" && first.directive === "use client";
}

function isInComponents(filename) {
  return /(^|[\\/])components[\\/]/.test(filename);
}

/** @type {import("eslint").Rule.RuleModule} */
const clientBoundary = {
  meta: {
    type: "problem",
    docs: { description: "Client code imports nothing that only the server may run." },
    schema: [],
    messages: {
      forbidden:
        "{{source}} is {{what}}; code that reaches the browser must not import it. Pass the data in as props, or import a client-safe module.",
    },
  },
  create(context) {
    let applies = false;
    const check = (node, source) => {
      if (!applies || typeof source !== "string") return;
      const hit = FORBIDDEN.find((f) => f.pattern.test(source));
      if (hit) context.report({ node, messageId: "forbidden", data: { source, what: hit.what } });
    };
    return {
      Program(program) {
        applies = isUseClient(program) || isInComponents(context.filename);
      },
      ImportDeclaration(node) {
        check(node, node.source.value);
      },
      ImportExpression(node) {
        if (node.source.type === "Literal") check(node, node.source.value);
      },
      ExportNamedDeclaration(node) {
        if (node.source) check(node, node.source.value);
      },
      ExportAllDeclaration(node) {
        check(node, node.source.value);
      },
    };
  },
};

const plugin = { rules: { "client-boundary": clientBoundary } };
export default plugin;
