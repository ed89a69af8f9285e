//pass
//--blockDim=256 --gridDim=64
// expect: drf — mode is an enum Op {OP_ADD, OP_MUL, OP_MAX}: every value it can hold has its own case, so the default branch that writes status[0] from every thread never runs; the cases write only out[i] of their own thread.
// An operation chosen by an enum parameter, with a defensive default.
enum Op { OP_ADD, OP_MUL, OP_MAX };

__global__ void applyOp(const float *a, const float *b, float *out, int *status, Op mode, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    switch (mode) {
    case OP_ADD: out[i] = a[i] + b[i]; break;
    case OP_MUL: out[i] = a[i] * b[i]; break;
    case OP_MAX: out[i] = a[i] > b[i] ? a[i] : b[i]; break;
    default: status[0] = -1; break;   // not a valid Op
    }
}
