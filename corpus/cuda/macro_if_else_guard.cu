//pass
//--blockDim=128 --gridDim=16
// expect: drf — each thread writes its own out cell in either branch of the macro's if/else; the condition ends with a macro argument, whose token lies in the macro call before its semicolon, which must not make the condition look like a C++17 init statement.
// A running maximum written as a do/while(0) statement macro, as older
// CUDA codes write their unrolled helpers.
#define KEEP_LARGER(_CUR_, _OFF_)       \
    do {                                \
        float d = in[(_OFF_) + tid];    \
        if (d > _CUR_) {                \
            out[tid] = d;               \
        } else {                        \
            out[tid] = _CUR_;           \
        }                               \
    } while (0)

__global__ void keep_larger(const float *in, float *out, float floor_value)
{
    int tid = blockIdx.x * blockDim.x + threadIdx.x;
    float current = floor_value;
    KEEP_LARGER(current, 0);
}
