// expect: racy — the twin of benign_enum_char_literal: the blocks store different enumerators into one cell.
enum State { IDLE, DONE = 7 };
__global__ void set_state_differ(State *state)
{
    state[0] = blockIdx.x == 0 ? IDLE : DONE;
}
