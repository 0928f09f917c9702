import dagre from '@dagrejs/dagre';
import type { Machine } from '@odp/contracts';
import {
  Background,
  Controls,
  type Edge,
  Handle,
  MarkerType,
  type Node,
  type NodeProps,
  Position,
  ReactFlow,
  type ReactFlowInstance,
} from '@xyflow/react';
import '@xyflow/react/dist/style.css';
import { useEffect, useMemo, useRef } from 'react';

/** A state of one axis; `review` names the task the record waits for in it, if any. */
type StateData = { label: string; axis: string; review: string | null };

const NODE_W = 150;
const NODE_H = 56;
const AXIS_GAP = 80;
const REVIEW = '#fa8c16';
const PLAIN = '#1677ff';

function StateNode({ data }: NodeProps<Node<StateData>>) {
  return (
    <div
      style={{
        width: NODE_W,
        minHeight: NODE_H,
        padding: '6px 8px',
        borderRadius: 8,
        border: `2px solid ${data.review ? REVIEW : PLAIN}`,
        background: data.review ? '#fff7e6' : '#fff',
        textAlign: 'center',
        fontSize: 13,
      }}
    >
      <Handle type="target" position={Position.Left} style={{ opacity: 0 }} />
      <Handle id="back-in" type="target" position={Position.Bottom} style={{ opacity: 0 }} />
      <div style={{ fontWeight: 600 }}>{data.label}</div>
      {data.review && <div style={{ color: '#ad4e00', fontSize: 12 }}>待{data.review}</div>}
      <Handle type="source" position={Position.Right} style={{ opacity: 0 }} />
      <Handle id="back-out" type="source" position={Position.Bottom} style={{ opacity: 0 }} />
    </div>
  );
}

function AxisNode({ data }: NodeProps<Node<StateData>>) {
  return <div style={{ fontWeight: 600, color: '#595959', fontSize: 13 }}>{data.label}</div>;
}

const nodeTypes = { state: StateNode, axis: AxisNode };

/**
 * The machine as a graph: one laid-out row of states per axis, a labelled edge per move between two
 * states (transitions between the same pair share one edge), review states and decisions in orange.
 * Transitions that keep the state (编辑) or restore a kept one (恢复) have no edge; the caller lists them.
 */
export function layoutMachine(machine: Machine): { nodes: Node<StateData>[]; edges: Edge[] } {
  const nodes: Node<StateData>[] = [];
  const edges: Edge[] = [];
  let top = 0;
  for (const [axisKey, axis] of Object.entries(machine.axes)) {
    const g = new dagre.graphlib.Graph({ multigraph: false });
    g.setGraph({ rankdir: 'LR', nodesep: 70, ranksep: 150, edgesep: 30 });
    g.setDefaultEdgeLabel(() => ({}));
    const reviewOf = new Map<string, string>();
    for (const t of machine.transitions) {
      if (t.axis !== axisKey || !t.task || !('closes' in t.task)) continue;
      const label = machine.tasks?.[t.task.closes] ?? t.task.closes;
      for (const f of t.from) reviewOf.set(String(f), label);
    }
    const merged = new Map<string, { from: string; to: string; labels: string[]; review: boolean }>();
    for (const t of machine.transitions) {
      if (t.axis !== axisKey || t.to === 'same' || t.to === 'previous') continue;
      for (const f of t.from) {
        const key = `${f}->${t.to}`;
        const edge = merged.get(key) ?? { from: String(f), to: String(t.to), labels: [], review: false };
        if (!edge.labels.includes(t.label)) edge.labels.push(t.label);
        edge.review ||= Boolean(t.task && 'closes' in t.task && t.task.decision !== 'recall');
        merged.set(key, edge);
      }
    }
    for (const value of Object.keys(axis.states)) g.setNode(value, { width: NODE_W, height: NODE_H });
    for (const e of merged.values()) {
      if (e.from !== e.to) g.setEdge(e.from, e.to, { width: 90, height: 24, label: e.labels.join(' / ') });
    }
    dagre.layout(g);
    // The axis' name above its row, when the record has more than one axis (目录: 编目状态, 上架状态).
    if (Object.keys(machine.axes).length > 1) {
      nodes.push({
        id: `axis:${axisKey}`,
        type: 'axis',
        position: { x: 0, y: top },
        data: { label: axis.label, axis: axis.label, review: null },
      });
      top += 32;
    }
    let bottom = 0;
    for (const [value, label] of Object.entries(axis.states)) {
      const pos = g.node(value);
      nodes.push({
        id: `${axisKey}:${value}`,
        type: 'state',
        position: { x: pos.x - NODE_W / 2, y: top + pos.y - NODE_H / 2 },
        data: { label, axis: axis.label, review: reviewOf.get(value) ?? null },
      });
      bottom = Math.max(bottom, pos.y + NODE_H + 40);
    }
    const xOf = (value: string) => g.node(value).x;
    for (const [key, e] of merged) {
      // A move back to an earlier state (撤回, 恢复) runs below the row, apart from the forward moves.
      const back = xOf(e.to) <= xOf(e.from);
      edges.push({
        id: `${axisKey}:${key}`,
        source: `${axisKey}:${e.from}`,
        target: `${axisKey}:${e.to}`,
        ...(back ? { sourceHandle: 'back-out', targetHandle: 'back-in' } : {}),
        label: e.labels.join(' / '),
        type: back ? 'smoothstep' : 'default',
        animated: e.review,
        markerEnd: { type: MarkerType.ArrowClosed, color: e.review ? REVIEW : '#8c8c8c' },
        style: { stroke: e.review ? REVIEW : '#8c8c8c', strokeWidth: e.review ? 2 : 1.5 },
        labelStyle: { fontSize: 12 },
        labelBgStyle: { fill: '#fff' },
      });
    }
    top += bottom + AXIS_GAP;
  }
  return { nodes, edges };
}

/** The machine's diagram, read-only: pan and zoom, nothing to drag or connect. */
export default function FlowDiagram({ machine }: { machine: Machine }) {
  const { nodes, edges } = useMemo(() => layoutMachine(machine), [machine]);
  const box = useRef<HTMLDivElement>(null);
  const flow = useRef<ReactFlowInstance<Node<StateData>> | null>(null);
  // The whole machine stays in view when the box changes size (a phone turned, the side menu folded).
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const observer = new ResizeObserver(() => void flow.current?.fitView());
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  return (
    <div
      ref={box}
      style={{ width: '100%', height: 460, border: '1px solid #f0f0f0', borderRadius: 8 }}
      data-testid="flow-diagram"
    >
      <ReactFlow
        onInit={(instance) => {
          flow.current = instance;
        }}
        nodes={nodes}
        edges={edges}
        nodeTypes={nodeTypes}
        fitView
        nodesDraggable={false}
        nodesConnectable={false}
        elementsSelectable={false}
        minZoom={0.1}
      >
        <Background gap={16} />
        <Controls showInteractive={false} />
      </ReactFlow>
    </div>
  );
}
