// expect: racy — a pointer to a field moved by one reaches the next field of the cell, which another thread writes.
struct XY { float x, y; };
__global__ void field_pointer_step(XY *A)
{
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    float *p = &A[t / 2].x;
    if (t % 2)
        p[1] = 1.0f;
    else
        A[t / 2].y = 2.0f;
}
