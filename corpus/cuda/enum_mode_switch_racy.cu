//xfail:NOT_ALL_VERIFIED
//--blockDim=256 --gridDim=64
// expect: racy — OP_COUNT is an enumerator, so mode can be OP_COUNT, and then every thread does the plain increment status[0] += 1.
// Like enum_mode_switch.cu, but the enum lists a value with no case of its own.
enum Op { OP_ADD, OP_MUL, OP_MAX, OP_COUNT };

__global__ void applyOpRacy(const float *a, const float *b, float *out, int *status, Op mode, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    switch (mode) {
    case OP_ADD: out[i] = a[i] + b[i]; break;
    case OP_MUL: out[i] = a[i] * b[i]; break;
    case OP_MAX: out[i] = a[i] > b[i] ? a[i] : b[i]; break;
    default: status[0] += 1; break;
    }
}
