//pass
//--local_size=64 --global_size=1024
// expect: drf — the launch given as a global size (1024 work-items in groups of 64); each writes its own element
__kernel void global_size_header(__global float *x, float a)
{
    size_t i = get_global_id(0);
    x[i] = a * x[i];
}
