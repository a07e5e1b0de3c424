// What the rules guide shows, in order: its sections, their texts (keys of the rules catalogue),
// the exercises (ids of the server's exercises) and the diagrams. Data only; rules_page.ts draws it.
import type { ClaimKind, Square } from './protocol.js';
import type { RulesKey } from './rules_i18n.js';

export type Block =
    | { readonly kind: 'text'; readonly text: RulesKey }
    | { readonly kind: 'exercise'; readonly id: string; readonly task: RulesKey; readonly claim?: ClaimKind }
    | { readonly kind: 'diagram'; readonly fen: string; readonly caption: RulesKey; readonly marks: readonly Square[] }
    | { readonly kind: 'list'; readonly items: readonly RulesKey[] }
    | { readonly kind: 'notation-table' }
    | { readonly kind: 'values-table' };

export interface Section {
    /** The anchor (#castling) and the test hook. */
    readonly id: string;
    readonly title: RulesKey;
    /** The articles of the FIDE Laws the section follows ("3.8.2"). */
    readonly articles: string;
    readonly blocks: readonly Block[];
}

const text = (key: RulesKey): Block => ({ kind: 'text', text: key });
const exercise = (id: string, task: RulesKey, claim?: ClaimKind): Block => (claim ? { kind: 'exercise', id, task, claim } : { kind: 'exercise', id, task });
const diagram = (fen: string, caption: RulesKey, marks: readonly Square[] = []): Block => ({ kind: 'diagram', fen, caption, marks });

export const Sections: readonly Section[] = [
    {
        id: 'setup',
        title: 'setupTitle',
        articles: '1, 2',
        blocks: [text('setupP1'), text('setupP2'), diagram('rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR', 'setupDiagram'), text('setupP3')],
    },
    {
        id: 'pieces',
        title: 'piecesTitle',
        articles: '3',
        blocks: [
            text('piecesP1'),
            text('kingText'),
            exercise('king', 'taskKing'),
            text('queenText'),
            exercise('queen', 'taskQueen'),
            text('rookText'),
            exercise('rook', 'taskRook'),
            text('bishopText'),
            exercise('bishop', 'taskBishop'),
            text('knightText'),
            exercise('knight', 'taskKnight'),
            text('pawnText'),
            exercise('pawn', 'taskPawn'),
        ],
    },
    { id: 'touch-move', title: 'touchTitle', articles: '4', blocks: [text('touchText'), exercise('touch-move', 'taskTouchMove')] },
    {
        id: 'castling',
        title: 'castlingTitle',
        articles: '3.8.2',
        blocks: [
            text('castlingP1'),
            exercise('castle-short', 'taskCastleShort'),
            exercise('castle-long', 'taskCastleLong'),
            text('castlingP2'),
            exercise('castle-attacked', 'taskCastleAttacked'),
            exercise('castle-moved', 'taskCastleMoved'),
            exercise('castle-in-check', 'taskCastleInCheck'),
        ],
    },
    {
        id: 'en-passant',
        title: 'enPassantTitle',
        articles: '3.7.3.2',
        blocks: [text('enPassantP1'), exercise('en-passant', 'taskEnPassant'), exercise('en-passant-gone', 'taskEnPassantGone')],
    },
    {
        id: 'promotion',
        title: 'promotionTitle',
        articles: '3.7.3.3',
        blocks: [
            text('promotionP1'),
            exercise('promote-queen', 'taskPromoteQueen'),
            exercise('promote-knight', 'taskPromoteKnight'),
            exercise('promote-rook', 'taskPromoteRook'),
            exercise('promote-bishop', 'taskPromoteBishop'),
        ],
    },
    {
        id: 'check',
        title: 'checkTitle',
        articles: '3.9, 5.1',
        blocks: [
            text('checkP1'),
            exercise('check-capture', 'taskCheckCapture'),
            exercise('check-block', 'taskCheckBlock'),
            exercise('check-king', 'taskCheckKing'),
            text('checkP2'),
            exercise('mate-one', 'taskMateOne'),
            exercise('mate-two', 'taskMateTwo'),
        ],
    },
    {
        id: 'draws',
        title: 'drawsTitle',
        articles: '5.2, 9',
        blocks: [
            text('stalemateText'),
            exercise('stalemate', 'taskStalemate'),
            text('deadText'),
            exercise('dead-position', 'taskDeadPosition'),
            text('agreementText'),
            text('threefoldText'),
            text('fivefoldText'),
            exercise('threefold', 'taskThreefold', 'threefold'),
            text('fiftyText'),
            text('claimWrongText'),
            exercise('fifty-moves', 'taskFiftyMoves', 'fifty'),
        ],
    },
    {
        id: 'clock',
        title: 'clockTitle',
        articles: '6, A, B',
        blocks: [
            text('clockP1'),
            { kind: 'list', items: ['blitzText', 'rapidText', 'classicalText'] },
            text('clockP2'),
            exercise('flag-fall', 'taskFlagFall'),
        ],
    },
    { id: 'notation', title: 'notationTitle', articles: 'C', blocks: [text('notationP1'), { kind: 'notation-table' }, text('notationP2'), exercise('notation', 'taskNotation')] },
    { id: 'values', title: 'valuesTitle', articles: '', blocks: [text('valuesP1'), text('valuesP2'), { kind: 'values-table' }, text('valuesP3'), exercise('exchange', 'taskExchange')] },
    {
        id: 'pawn-structure',
        title: 'pawnsTitle',
        articles: '',
        blocks: [
            text('passedText'),
            diagram('4k3/pp3pp1/8/3P4/8/8/PP4PP/4K3', 'passedCaption', ['d5']),
            text('chainText'),
            diagram('4k3/5p2/4p3/3pP3/3P4/2P5/1P6/4K3', 'chainCaption', ['b2', 'c3', 'd4', 'e5']),
            text('isolatedText'),
            diagram('4k3/pp3ppp/4p3/8/3P4/8/PP3PPP/4K3', 'isolatedCaption', ['d4']),
            text('doubledText'),
            diagram('4k3/pp2pppp/8/8/8/2P5/P1P2PPP/4K3', 'doubledCaption', ['c2', 'c3']),
        ],
    },
];

/** Every exercise of the guide, in order. */
export function exerciseBlocks(): Extract<Block, { kind: 'exercise' }>[] {
    return Sections.flatMap((s) => s.blocks.filter((b): b is Extract<Block, { kind: 'exercise' }> => b.kind === 'exercise'));
}
