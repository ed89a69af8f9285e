// expect: drf — every thread stores the same enumerator and the same character literal: benign same-value writes.
enum State { IDLE, DONE = 7 };
__global__ void set_state(State *state, char *tag)
{
    state[blockIdx.x] = DONE;
    tag[0] = 'x';
}
