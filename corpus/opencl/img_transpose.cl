//pass
//--local_size=[16,16] --num_groups=[8,8]
// expect: drf — (x, y) -> (y, x) is a bijection on the 128 x 128 launch, so each dst pixel is written by exactly one work-item
__kernel void k(read_only image2d_t src, write_only image2d_t dst)
{
  const sampler_t smp = CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_CLAMP_TO_EDGE | CLK_FILTER_NEAREST;
  int x = get_global_id(0);
  int y = get_global_id(1);
  float4 px = read_imagef(src, smp, (int2)(x, y));
  write_imagef(dst, (int2)(y, x), px);
}
