//pass
//--local_size=[16,16] --num_groups=[8,8]
// expect: drf — read_imagei on a read_only image never conflicts, and out[y * w + x] with w == 128 is a distinct cell per work-item
__kernel void k(read_only image2d_t labels, __global int *out, int w)
{
  __requires(w == 128);
  const sampler_t smp = CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_CLAMP_TO_EDGE | CLK_FILTER_NEAREST;
  int x = get_global_id(0);
  int y = get_global_id(1);
  int4 v = read_imagei(labels, smp, (int2)(x, y));
  out[y * w + x] = v.x + v.y;
}
