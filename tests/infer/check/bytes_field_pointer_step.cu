// expect: drf — the twin of bytes_field_pointer_step_racy: the pointer stays on its field, x, which only this thread writes.
struct XY { float x, y; };
__global__ void field_pointer_stay(XY *A)
{
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    float *p = &A[t / 2].x;
    if (t % 2)
        p[0] = 1.0f;
    else
        A[t / 2].y = 2.0f;
}
