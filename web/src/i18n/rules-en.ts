// The rules guide (/rules) in English: our own words after the FIDE Laws of Chess, with their
// article numbers. The German forms are in rules-de.ts and rules-de-neutral.ts.

export const rulesEn = {
    pageTitle: 'The rules of chess',
    intro: 'The rules of chess in short, after the FIDE Laws of Chess; the numbers in brackets are their articles. Every section has boards to try them: the position is set, the task stands above the board, and every wrong move is explained.',
    tocLabel: 'Contents',
    articleRef: 'Art. {ref}',

    // Exercise boards
    exBoardLabel: 'Exercise board',
    exYouPlay: 'You play {color}.',
    exSetup: 'Played before: {moves}',
    exReset: 'Reset',
    exNext: 'Next exercise',
    exSolved: 'Solved: {move}.',
    exStepDone: 'Right: {move}. The other side answers with {reply}; your move again.',
    exRefused: 'Not allowed: {text}',
    exMissed: 'Not the task: {text}',
    exClaimThreefold: 'Claim a draw by threefold repetition with my move',
    exClaimFifty: 'Claim a draw under the 50-move rule with my move',
    exMoveLabel: 'Or type the move as squares (e.g. e2e4, e1g1, e7e8q)',
    exMovePlay: 'Play',
    exMoveBad: 'Please give the move as two squares, e.g. e2e4 (a promotion with q, r, b or n: e7e8q).',
    exLoadFailed: 'The exercise could not be loaded: {error}',
    exFailed: 'The move could not be checked: {error}',
    exProgress: '{done} of {total} exercises solved',
    exSolvedBefore: 'Solved before – try it again if you like.',
    exResetProgress: 'Reset progress',
    diagramLabel: 'Diagram: {caption}',

    // Set-up (Art. 1, 2)
    setupTitle: 'The board and the set-up',
    setupP1: 'Two players, White and Black, play on a board of 8 × 8 squares. The files are lettered a to h from White’s left, the ranks numbered 1 to 8 from White’s side, so every square has a name such as e4. The board is placed so that each player has a light square in the right-hand corner (Art. 2.1).',
    setupP2: 'Each side starts with a king, a queen, two rooks, two bishops, two knights and eight pawns. White’s pieces stand on the first rank – rook, knight, bishop, queen, king, bishop, knight, rook from a1 to h1 – and its pawns on the second; Black’s pieces face them on the eighth and seventh ranks. Each queen starts on a square of her own colour: d1 and d8 (Art. 2.3).',
    setupP3: 'White moves first, then the players take turns, one move each (Art. 1.2). The aim is to attack the other king so that it cannot escape: checkmate (Art. 1.4).',
    setupDiagram: 'The starting position',

    // The pieces (Art. 3)
    piecesTitle: 'How the pieces move',
    piecesP1: 'A piece moves to an empty square or to a square with an enemy piece, which it captures: the captured piece is taken off the board. No piece may go to a square held by its own side (Art. 3.1). Queen, rook and bishop move along straight lines and cannot jump over pieces (Art. 3.5).',
    kingText: 'The king moves one square in any direction (Art. 3.8.1). It may never go to a square attacked by an enemy piece – which is why the two kings never stand side by side.',
    queenText: 'The queen moves any number of squares along a file, a rank or a diagonal (Art. 3.4).',
    rookText: 'The rook moves any number of squares along a file or a rank (Art. 3.3).',
    bishopText: 'The bishop moves any number of squares along a diagonal (Art. 3.2), so it stays on squares of one colour all game.',
    knightText: 'The knight goes to one of the nearest squares that are not on its own file, rank or diagonal: two squares one way and one to the side. It is the only piece that jumps over others (Art. 3.6).',
    pawnText: 'The pawn moves straight forward one square, onto an empty square; from its starting square it may also go two squares if both are empty. It captures one square diagonally forward, never straight ahead (Art. 3.7).',
    touchTitle: 'Touch-move',
    touchText: 'At a real board, a player who deliberately touches one of their own pieces must move it, and one who touches an opponent’s piece must capture it, if the rules allow (Art. 4.3). To straighten a piece, say “j’adoube” first (Art. 4.2). A piece let go on a legal square stays there (Art. 4.7). On this website a move counts when the piece is dropped.',

    // Castling (Art. 3.8.2)
    castlingTitle: 'Castling',
    castlingP1: 'Castling moves the king and a rook together; it is the only move in which the king goes two squares. The king moves two squares towards the rook, and the rook jumps over it to the square the king crossed. King-side castling (0-0) brings the king to g1 or g8, queen-side castling (0-0-0) to c1 or c8. On these boards, move the king two squares or drop it onto the rook (Art. 3.8.2).',
    castlingP2: 'Castling is lost for good once the king has moved, and on one side once that rook has moved (Art. 3.8.2.1). It is impossible for the moment while a piece stands between king and rook, while the king is in check, or when the king would cross or land on a square an enemy piece attacks (Art. 3.8.2.2). An attacked rook does not prevent it.',

    // Promotion (Art. 3.7.3.3)
    promotionTitle: 'Promotion',
    promotionP1: 'A pawn that reaches the last rank is exchanged, in the same move, for a queen, a rook, a bishop or a knight of its own colour – no matter which pieces are still on the board. Most often it becomes a queen; a lesser piece (under-promotion) can give a knight’s check or avoid a stalemate. The new piece acts at once (Art. 3.7.3.3).',

    // En passant (Art. 3.7.3.2)
    enPassantTitle: 'En passant',
    enPassantP1: 'When a pawn advances two squares and lands beside an enemy pawn, that pawn may capture it as if it had advanced only one: it moves diagonally onto the square that was crossed, and the other pawn is removed. This is allowed only on the very next move – now or never (Art. 3.7.3.2).',

    // Check and mate (Art. 3.9, 5.1)
    checkTitle: 'Check and checkmate',
    checkP1: 'A king that is attacked is in check. No move may leave one’s own king in check or put it there (Art. 3.9). There are three ways out of a check: capture the piece that gives it, put a piece in between, or move the king to a square that is not attacked. Against a double check only a king move helps.',
    checkP2: 'When the king is in check and there is no legal move, it is checkmate: the player who gave it wins and the game ends at once (Art. 5.1.1). A player may also resign at any time (Art. 5.1.2).',

    // Draws (Art. 5.2, 9)
    drawsTitle: 'Drawn games',
    stalemateText: 'Stalemate: the player to move has no legal move, but the king is not in check. The game is drawn at once (Art. 5.2.1).',
    deadText: 'Dead position: no series of legal moves can lead to a checkmate for either side, for example king against king, or king and bishop or king and knight against king. The game is drawn at once (Art. 5.2.2).',
    agreementText: 'Agreement: after making a move, a player may offer a draw; the other accepts or declines it. Both players must have moved at least once (Art. 5.2.3, 9.1).',
    threefoldText: 'Threefold repetition: the player to move may claim a draw when the same position – the same side to move, the same pieces on the same squares and the same possible moves, castling and en passant included – is about to appear for the third time with the move they declare, or has just appeared for the third time (Art. 9.2). On these boards: tick the claim, then make the move.',
    fivefoldText: 'After the fifth appearance the game is drawn without any claim (Art. 9.6.1).',
    fiftyText: 'Fifty moves: the player to move may claim a draw when each side has made 50 moves in a row without a capture and without a pawn move, or will have done so with the declared move (Art. 9.3). After 75 such moves by each side the game is drawn without a claim, unless the last move mated (Art. 9.6.2).',
    claimWrongText: 'A wrong claim costs time – the opponent gets two more minutes, one in rapid and blitz – and the declared move must be played (Art. 9.5).',

    // The clock (Art. 6, App. A, B)
    clockTitle: 'The clock and time controls',
    clockP1: 'With a chess clock each player has their own time. After moving, the player presses the clock: their time stops and the opponent’s runs (Art. 6.2). The time control fixes how much time there is, for example 90 minutes for 40 moves and then 30 minutes for the rest, with or without a few seconds added per move (increment, Art. 6.3).',
    clockP2: 'Whoever runs out of time loses – unless the opponent cannot checkmate by any series of legal moves; then the game is drawn (Art. 6.9).',
    blitzText: 'Blitz: 10 minutes or less for each player (App. B), for example 3+2 or 5+0.',
    rapidText: 'Rapid: more than 10 and less than 60 minutes (App. A), for example 15+10.',
    classicalText: 'Classical: 60 minutes or more for each player (with the increment counted for 60 moves), for example 90+30.',

    // Notation (App. C)
    notationTitle: 'Notation',
    notationP1: 'A move is written as the letter of the piece and the square it goes to: Nf3. Pawns have no letter: e4. In English the letters are K (king), Q (queen), R (rook), B (bishop) and N (knight); in German K, D, T, L and S; in the gender-neutral German of this website K, W (Wesire), T, L and S.',
    notationP2: 'When two pieces of the same kind could go to the same square, the file or rank they come from is added: Nbd2, R1e1. Computer files (PGN) write castling with the letter O: O-O, O-O-O.',
    notationSymbol: 'Sign',
    notationMeaning: 'Meaning',
    notationExample: 'Example',
    notCapture: 'captures',
    notCaptureExample: 'Bxc6, exd5',
    notCheck: 'check',
    notCheckExample: 'Qh5+',
    notMate: 'checkmate',
    notMateExample: 'Qxf7#',
    notShort: 'castling king-side',
    notLong: 'castling queen-side',
    notPromotion: 'promotion',
    notPromotionSign: '=Q',
    notPromotionExample: 'e8=Q',

    // Piece values
    valuesTitle: 'What the pieces are worth',
    valuesP1: 'No rule, but a guide for exchanges: counted in pawns, a queen is worth 9, a rook 5, a bishop 3, a knight 3 and a pawn 1. The king has no value: it can never be exchanged.',
    valuesP2: 'Larry Kaufman’s finer values: queen 9.75, rook 5, bishop 3.25, knight 3.25, pawn 1 – and half a pawn more for having both bishops, the bishop pair.',
    valuesP3: 'The difference between a rook and a bishop or knight is called the exchange: whoever takes a rook and gives a bishop or knight for it has won the exchange.',
    valuesPiece: 'Piece',
    valuesClassic: 'Usual value',
    valuesKaufman: 'Kaufman',
    valuesPair: 'bishop pair',

    // Pawn structure
    pawnsTitle: 'Pawn structure',
    passedText: 'A passed pawn has no enemy pawn in front of it, neither on its own file nor on the files beside it: only pieces can stop it on its way to promotion. Here: the white pawn on d5.',
    passedCaption: 'A passed pawn on d5',
    chainText: 'A pawn chain is a diagonal line of pawns, each protecting the one in front. Its base, the rearmost pawn, has no pawn to protect it. Here: b2, c3, d4, e5.',
    chainCaption: 'A pawn chain from b2 to e5',
    isolatedText: 'An isolated pawn has no pawn of its own side on the files beside it, so no pawn can ever protect it. Here: the white pawn on d4.',
    isolatedCaption: 'An isolated pawn on d4',
    doubledText: 'Doubled pawns stand one behind the other on the same file, usually after a capture; they cannot protect each other. Here: the white pawns on c2 and c3.',
    doubledCaption: 'Doubled pawns on c2 and c3',

    // Tasks of the exercises (ids of the server's exercises)
    taskKing: 'Capture, with the king, the piece that nobody protects.',
    taskQueen: 'Capture a rook with the queen.',
    taskRook: 'Capture a knight with the rook.',
    taskBishop: 'Capture a rook with the bishop.',
    taskKnight: 'Jump over the pawns and capture the queen with the knight.',
    taskPawn: 'Capture with the pawn.',
    taskTouchMove: 'At a real board you have touched the knight on g1 (marked), but now you would rather play d2–d4. Try it – then move what you touched.',
    taskNotation: 'Play Bxc6: the bishop (B) captures (x) on c6.',
    taskExchange: 'Win the exchange: give your bishop for a rook.',
    taskCastleShort: 'Castle king-side.',
    taskCastleLong: 'Castle queen-side.',
    taskCastleAttacked: 'Castle – but only one side is allowed.',
    taskCastleMoved: 'The rook on h1 went to h2 and back. Castle on the side where it is still allowed.',
    taskCastleInCheck: 'White is in check. Castling would be the quickest way out – try it, then escape with a king move.',
    taskEnPassant: 'Black has just played d7–d5. Capture en passant.',
    taskEnPassantGone: 'Black played d7–d5 two moves ago. Try to capture en passant – then advance the pawn on e5 instead.',
    taskPromoteQueen: 'Promote the pawn and give checkmate.',
    taskPromoteKnight: 'Promote to a knight and give check.',
    taskPromoteRook: 'Promote the pawn to a rook.',
    taskPromoteBishop: 'You play Black: promote the pawn to a bishop.',
    taskCheckCapture: 'White is in check. Get out of it by capturing the checking piece.',
    taskCheckBlock: 'White is in check. Get out of it by putting a piece in between.',
    taskCheckKing: 'White is in check. Get out of it with a king move.',
    taskMateOne: 'Checkmate in one move.',
    taskMateTwo: 'Checkmate in two moves: the other side answers your first move.',
    taskStalemate: 'Find the stalemate: a move after which Black has no legal move and is not in check.',
    taskDeadPosition: 'Make a move after which nobody can ever checkmate.',
    taskFlagFall: 'Your flag is about to fall. Make the move after which Black can never checkmate – then a flag fall would only be a draw.',
    taskThreefold: 'The knights went back and forth. Claim a draw with the move that brings the position back for the third time.',
    taskFiftyMoves: 'For 49½ moves nothing was captured and no pawn moved. Claim a draw with a move that completes the fifty.',
};
