//xfail:NOT_ALL_VERIFIED
//--blockDim=128 --gridDim=16
// expect: racy — the macro's else branch writes out[0] from every thread whose input is not above the floor.
// The same running maximum whose else branch writes one cell for all
// threads.
#define KEEP_LARGER(_CUR_, _OFF_)       \
    do {                                \
        float d = in[(_OFF_) + tid];    \
        if (d > _CUR_) {                \
            out[tid] = d;               \
        } else {                        \
            out[0] = _CUR_;             \
        }                               \
    } while (0)

__global__ void keep_larger(const float *in, float *out, float floor_value)
{
    int tid = blockIdx.x * blockDim.x + threadIdx.x;
    float current = floor_value;
    KEEP_LARGER(current, 0);
}
